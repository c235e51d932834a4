import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  DEFAULT_REMINDER_POLICY,
  addWorkingDays,
  isWorkingDay,
  reminderAudience,
  remindersDue,
  signingLinkReminderDue,
} from './reminders.ts';

const policy = DEFAULT_REMINDER_POLICY;

describe('US working days', () => {
  it('skip weekends and the federal holidays as observed', () => {
    expect(isWorkingDay('2026-11-25')).toBe(true); // Wednesday
    expect(isWorkingDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-07-03')).toBe(false); // Independence Day (a Saturday) observed on the Friday
    expect(isWorkingDay('2027-12-31')).toBe(false); // New Year's Day 2028 (a Saturday) observed the day before
  });
  it('count working days across a holiday weekend, both ways', () => {
    expect(addWorkingDays('2026-11-30', -3)).toBe('2026-11-24'); // over Thanksgiving and the weekend
    expect(addWorkingDays('2026-11-24', 3)).toBe('2026-11-30');
    expect(addWorkingDays('2026-12-01', 0)).toBe('2026-12-01');
  });
});

describe('reminders due', () => {
  const due = '2026-12-01'; // a Tuesday
  it('given a task due in more than three working days, when the job runs, then nothing is due', () => {
    expect(remindersDue(due, '2026-11-24', policy)).toEqual([]);
  });

  it('given the lead reached, then "due soon" until the day, named by its first day', () => {
    // Three working days before Tuesday Dec 1: Wednesday Nov 25 (Thanksgiving and the weekend skipped).
    expect(remindersDue(due, '2026-11-25', policy)).toEqual([{ kind: 'TASK_DUE_SOON', on: '2026-11-25' }]);
    expect(remindersDue(due, '2026-11-30', policy)).toEqual([{ kind: 'TASK_DUE_SOON', on: '2026-11-25' }]);
  });
  it('given the due day, then "due today"', () => {
    expect(remindersDue(due, due, policy)).toEqual([{ kind: 'TASK_DUE_TODAY', on: due }]);
  });

  it('given the task past due, then "past due" the day after and every week after that', () => {
    expect(remindersDue(due, '2026-12-02', policy)).toEqual([{ kind: 'TASK_OVERDUE', on: '2026-12-02' }]);
    expect(remindersDue(due, '2026-12-08', policy)).toEqual([{ kind: 'TASK_OVERDUE', on: '2026-12-02' }]);
    expect(remindersDue(due, '2026-12-09', policy)[0]).toEqual({ kind: 'TASK_OVERDUE', on: '2026-12-09' });
    expect(remindersDue(due, '2026-12-16', policy)[0]).toEqual({ kind: 'TASK_OVERDUE', on: '2026-12-16' });
  });
  it('given it is past due by more than the escalation time, then the consultant is told, once per due date', () => {
    // Five working days after Dec 1 is Dec 8; more than five is Dec 9.
    expect(remindersDue(due, '2026-12-08', policy).map((o) => o.kind)).toEqual(['TASK_OVERDUE']);
    expect(remindersDue(due, '2026-12-09', policy)).toContainEqual({
      kind: 'TASK_ESCALATED',
      on: '2026-12-09',
    });
    expect(remindersDue(due, '2027-01-20', policy)).toContainEqual({
      kind: 'TASK_ESCALATED',
      on: '2026-12-09',
    });
  });
  it('follow a configured lead and escalation', () => {
    const custom = { leadWorkingDays: 1, escalateAfterWorkingDays: 0 };
    expect(remindersDue(due, '2026-11-27', custom)).toEqual([]);
    expect(remindersDue(due, '2026-11-30', custom)).toEqual([{ kind: 'TASK_DUE_SOON', on: '2026-11-30' }]);
    expect(remindersDue(due, '2026-12-02', custom)).toContainEqual({
      kind: 'TASK_ESCALATED',
      on: '2026-12-02',
    });
  });
});

describe('who is reminded', () => {
  itAnswers(reminderAudience, {
    'the owner while the task is open, the carrier while it waits for review, nobody once finished': [
      [['client', 'Not Started'], 'client'],
      [['client', 'NIGO'], 'client'],
      [['carrier', 'In Progress'], 'carrier'],
      [['client', 'In Review'], 'carrier'],
      [['client', 'Done'], null],
      [['client', 'Voided'], null],
    ],
  });
});

describe('signing link reminders', () => {
  it('from the working day before the link expires until it does', () => {
    const expires = '2026-12-01T15:00:00.000Z'; // a Tuesday afternoon
    expect(signingLinkReminderDue(expires, new Date('2026-11-27T12:00:00Z'))).toBe(false); // Friday after Thanksgiving
    expect(signingLinkReminderDue(expires, new Date('2026-11-30T12:00:00Z'))).toBe(true);
    expect(signingLinkReminderDue(expires, new Date('2026-12-01T14:59:00Z'))).toBe(true);
    expect(signingLinkReminderDue(expires, new Date('2026-12-01T15:00:00Z'))).toBe(false);
  });
});

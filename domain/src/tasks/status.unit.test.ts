import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { TASK_STATUSES, clientActionResult, staffStatusRefusal, statusPill } from './status.ts';

describe('the status pill (explorer §4)', () => {
  it('reads as the spec says', () => {
    expect(Object.fromEntries(TASK_STATUSES.map((s) => [s, statusPill(s).label]))).toEqual({
      Upcoming: 'Not Started',
      'Not Started': 'Not Started',
      'In Progress': 'In Progress',
      NIGO: 'Action Required',
      'Needs Review': 'Needs Review',
      'In Review': 'In Review',
      Voided: 'Voided',
      Declined: 'Declined',
      Done: 'Completed',
    });
  });

  it('uses only the four tones, success for done and error for action required', () => {
    for (const s of TASK_STATUSES)
      expect(['info', 'warning', 'error', 'success']).toContain(statusPill(s).tone);
    expect(statusPill('Done').tone).toBe('success');
    expect(statusPill('NIGO').tone).toBe('error');
  });
});

describe('what the client does on a task', () => {
  it('starts a task not yet begun', () => {
    expect(clientActionResult('start', 'Upcoming', 'review')).toEqual({ status: 'In Progress' });
    expect(clientActionResult('start', 'Done', 'review')).toEqual({
      refusal: 'Only a task not yet started can be started',
    });
  });

  it('submits a reviewed task, answering NIGO too, and never one already in review', () => {
    expect(clientActionResult('submit', 'NIGO', 'review')).toEqual({ status: 'In Review' });
    expect(clientActionResult('submit', 'In Review', 'review')).toHaveProperty('refusal');
    expect(clientActionResult('submit', 'In Progress', 'client')).toEqual({
      refusal: 'This task is not reviewed: mark it done instead',
    });
  });

  it('marks done a task the client finishes alone, and not one staff accept', () => {
    expect(clientActionResult('complete', 'In Progress', 'client')).toEqual({ status: 'Done' });
    expect(clientActionResult('complete', 'In Progress', 'review')).toEqual({
      refusal: 'This task is finished when staff accept it',
    });
    expect(clientActionResult('complete', 'Voided', 'client')).toHaveProperty('refusal');
  });
});

describe('what staff set', () => {
  itAnswers(staffStatusRefusal, {
    'needs a reason for NIGO': [
      [['In Review', 'NIGO', ' '], 'Please give the reason the client will read'],
      [['In Review', 'NIGO', 'The bill is unreadable'], null],
    ],
    'refuses a change to the status the task already has': [
      [['Done', 'Done', null], 'The task is already Done'],
      [['In Review', 'Done', null], null],
    ],
  });
});

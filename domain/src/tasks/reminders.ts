import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { allForYear } from '@18f/us-federal-holidays';
import type { TaskOwner } from './catalogue.ts';
import { FINAL_STATUSES, OPEN_STATUSES, type TaskStatus } from './status.ts';

/**
 * Reminders of tasks before they are late, and escalation after (ARCHITECTURE "Reminders"). Days are
 * calendar days as `YYYY-MM-DD`; working days are Monday to Friday except the US federal holidays as
 * observed (the @18f/us-federal-holidays calendar: a Saturday holiday is observed on the Friday before, a
 * Sunday one on the Monday after).
 */

export type ReminderPolicy = {
  /** How many working days before the due date the first reminder goes out. */
  leadWorkingDays: number;
  /** The consultant is told once a task is past due by more than this many working days. */
  escalateAfterWorkingDays: number;
};
export const DEFAULT_REMINDER_POLICY: ReminderPolicy = { leadWorkingDays: 3, escalateAfterWorkingDays: 5 };

const holidaysByYear = new Map<number, Set<string>>();
const holidaysOf = (year: number) => {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(allForYear(year).map((h) => format(h.date, 'yyyy-MM-dd')));
    holidaysByYear.set(year, days);
  }
  return days;
};

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** A US federal holiday as observed (New Year's Day on a Saturday is observed on the Friday before). */
export function isUsHoliday(on: string): boolean {
  const year = Number(on.slice(0, 4));
  // An observed New Year's Day may fall on December 31 of the year before.
  return holidaysOf(year).has(on) || holidaysOf(year + 1).has(on);
}

export function isWorkingDay(on: string): boolean {
  const weekday = parseISO(on).getDay();
  return weekday !== 0 && weekday !== 6 && !isUsHoliday(on);
}

/** The day `count` working days after `from` (before it when negative); `from` itself is not counted. */
export function addWorkingDays(from: string, count: number): string {
  const step = count < 0 ? -1 : 1;
  let date = parseISO(from);
  let left = Math.abs(count);
  while (left > 0) {
    date = addDays(date, step);
    if (isWorkingDay(day(date))) left -= 1;
  }
  return day(date);
}

export type ReminderKind = 'TASK_DUE_SOON' | 'TASK_DUE_TODAY' | 'TASK_OVERDUE' | 'TASK_ESCALATED';

/** One reminder of a task: its kind and the day it belongs to (with the due date, what names it once). */
export type ReminderOccasion = { kind: ReminderKind; on: string };

/**
 * The reminders a task due on `dueDate` owes as of `today`, each the latest of its series whose day has
 * come: 'due soon' from `leadWorkingDays` working days before the due date, 'due today' on the day,
 * 'past due' the day after and then every seven days, and the escalation once the task is past due by
 * more than `escalateAfterWorkingDays` working days. A day missed (the job was down) is made up by the
 * next run while its occasion is still the latest; an occasion sent once is named the same way again, so
 * the caller sends it once.
 */
export function remindersDue(dueDate: string, today: string, policy: ReminderPolicy): ReminderOccasion[] {
  const late = differenceInCalendarDays(parseISO(today), parseISO(dueDate));
  if (late === 0) return [{ kind: 'TASK_DUE_TODAY', on: dueDate }];
  if (late < 0) {
    const from = addWorkingDays(dueDate, -policy.leadWorkingDays);
    return today >= from ? [{ kind: 'TASK_DUE_SOON', on: from }] : [];
  }
  const week = Math.floor((late - 1) / 7);
  const occasions: ReminderOccasion[] = [
    { kind: 'TASK_OVERDUE', on: day(addDays(parseISO(dueDate), 1 + 7 * week)) },
  ];
  const escalation = addWorkingDays(dueDate, policy.escalateAfterWorkingDays + 1);
  if (today >= escalation) occasions.push({ kind: 'TASK_ESCALATED', on: escalation });
  return occasions;
}

/**
 * Who a task's reminders go to in its present status: the client's people while a task they do is open,
 * the carrier (its implementation consultant) while a task it does is open or a task waits for its
 * review; nobody once the task is finished.
 */
export function reminderAudience(owner: TaskOwner, status: TaskStatus): 'client' | 'carrier' | null {
  if (FINAL_STATUSES.includes(status)) return null;
  if (OPEN_STATUSES.includes(status)) return owner;
  return 'carrier';
}

/**
 * Whether an onboarding-form signer is reminded now of the link waiting for them: from the working day
 * before it expires until it does (once per expiry: a link staff extend is reminded of again).
 */
export function signingLinkReminderDue(expiresAt: string, now: Date): boolean {
  if (now.toISOString() >= expiresAt) return false;
  return day(now) >= addWorkingDays(expiresAt.slice(0, 10), -1);
}

import type { TaskCompletion } from './catalogue.ts';

import { TASK_STATUSES } from '@onboard/events/catalogue/task-statuses';

export { TASK_STATUSES };
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const isTaskStatus = (value: unknown): value is TaskStatus =>
  TASK_STATUSES.includes(value as TaskStatus);

export type PillTone = 'info' | 'warning' | 'error' | 'success';
export type StatusPill = { label: string; tone: PillTone };

/**
 * The status pill (explorer §4): Upcoming and Not Started read 'Not Started', NIGO reads 'Action Required',
 * Done reads 'Completed'; the rest read as they are named.
 */
const PILLS: Record<TaskStatus, StatusPill> = {
  Upcoming: { label: 'Not Started', tone: 'info' },
  'Not Started': { label: 'Not Started', tone: 'info' },
  'In Progress': { label: 'In Progress', tone: 'info' },
  NIGO: { label: 'Action Required', tone: 'error' },
  'Needs Review': { label: 'Needs Review', tone: 'warning' },
  'In Review': { label: 'In Review', tone: 'warning' },
  Voided: { label: 'Voided', tone: 'warning' },
  Declined: { label: 'Declined', tone: 'error' },
  Done: { label: 'Completed', tone: 'success' },
};

export const statusPill = (status: TaskStatus): StatusPill => PILLS[status];

/** Statuses in which the task still waits for someone's work: the due-date badge shows only for these. */
export const OPEN_STATUSES: readonly TaskStatus[] = ['Not Started', 'In Progress', 'NIGO', 'Upcoming'];
export const isOpen = (status: TaskStatus) => OPEN_STATUSES.includes(status);

/** Finished one way or another: nothing more is asked of anyone. */
export const FINAL_STATUSES: readonly TaskStatus[] = ['Done', 'Voided', 'Declined'];

/** What the client's people do on a task (staff change status directly). */
export type ClientTaskAction = 'start' | 'submit' | 'complete';

/**
 * The status a client action moves a task to, or the rule that refuses it:
 * - start: an open task not yet begun (Upcoming, Not Started) goes In Progress;
 * - submit: a task staff review goes In Review from Not Started, In Progress or NIGO (an answer to NIGO);
 * - complete: a task the client finishes alone goes Done from any open status.
 */
export function clientActionResult(
  action: ClientTaskAction,
  status: TaskStatus,
  completion: TaskCompletion,
): { status: TaskStatus } | { refusal: string } {
  switch (action) {
    case 'start':
      return status === 'Upcoming' || status === 'Not Started'
        ? { status: 'In Progress' }
        : { refusal: 'Only a task not yet started can be started' };
    case 'submit':
      if (completion !== 'review') return { refusal: 'This task is not reviewed: mark it done instead' };
      return status === 'Not Started' || status === 'In Progress' || status === 'NIGO'
        ? { status: 'In Review' }
        : { refusal: 'Only an open task can be submitted for review' };
    case 'complete':
      if (completion !== 'client') return { refusal: 'This task is finished when staff accept it' };
      return isOpen(status) ? { status: 'Done' } : { refusal: 'Only an open task can be marked done' };
  }
}

/**
 * A status staff set, or the rule that refuses it: NIGO needs the reason the client will read; a task
 * already in the asked status is not changed again.
 */
export function staffStatusRefusal(from: TaskStatus, to: TaskStatus, reason: string | null): string | null {
  if (from === to) return `The task is already ${to}`;
  if (to === 'NIGO' && !reason?.trim()) return 'Please give the reason the client will read';
  return null;
}

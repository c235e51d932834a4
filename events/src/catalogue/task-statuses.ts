/**
 * A task's status (onboarding §4 task status, explorer §4 status pills). Its own module without zod, so
 * the browser can take the list without the event schemas.
 */
export const TASK_STATUSES = [
  'Upcoming',
  'Not Started',
  'In Progress',
  'NIGO',
  'Needs Review',
  'In Review',
  'Voided',
  'Declined',
  'Done',
] as const;

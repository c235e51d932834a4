import { differenceInCalendarDays, format, parseISO } from 'date-fns';

import { isOpen, type TaskStatus } from './status.ts';

/** onboarding §9: a task is due soon within this many days. */
export const DUE_SOON_DAYS = 5;

export type DueDateBadge = { tone: 'due-today' | 'past-due' | 'due-soon' | 'due'; text: string };

/**
 * The due-date badge of the task layout (onboarding §2): shown only for open tasks; `today` comes in as
 * an argument, the domain has no clock.
 */
export function dueDateBadge(dueDate: string, status: TaskStatus, today: Date): DueDateBadge | null {
  if (!isOpen(status)) return null;
  const due = parseISO(dueDate);
  if (Number.isNaN(due.getTime())) return null;
  const days = differenceInCalendarDays(due, today);
  const date = format(due, 'MM/dd/yyyy');
  if (days === 0) return { tone: 'due-today', text: 'Due today' };
  if (days < 0) return { tone: 'past-due', text: `Past Due: Due by ${date}` };
  if (days <= DUE_SOON_DAYS) return { tone: 'due-soon', text: `Due Soon: Due by ${date}` };
  return { tone: 'due', text: `Due by ${date}` };
}

import { TASKS, type TaskDefinition } from '@onboard/domain/tasks/catalogue';

/**
 * What the welcome flow tells a client's people they will do (domain/src/tasks/catalogue.ts), grouped
 * simply: the company's own tasks, the tasks asked per policy, and the calls with the onboarding team.
 */
export type TaskGroup = {
  title: string;
  intro: string;
  tasks: readonly Pick<TaskDefinition, 'id' | 'title' | 'asks'>[];
};

export function welcomeTaskGroups(tasks: readonly TaskDefinition[] = TASKS): TaskGroup[] {
  const groups: TaskGroup[] = [
    {
      title: 'For your company',
      intro: 'Tasks you complete once for the whole company.',
      tasks: tasks.filter((t) => t.owner === 'client' && t.level === 'client'),
    },
    {
      title: 'For each policy',
      intro: 'Tasks asked for a policy when its coverages call for them.',
      tasks: tasks.filter((t) => t.owner === 'client' && t.level === 'policy'),
    },
    {
      title: 'With your onboarding team',
      intro: 'Calls your implementation consultant schedules with you.',
      tasks: tasks.filter((t) => t.owner === 'carrier'),
    },
  ];
  return groups.filter((group) => group.tasks.length > 0);
}

/** 'Jordan Reyes' from a consultant's names. */
export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * 'Nov 24, 2026' for a date-only value (YYYY-MM-DD), read as that calendar day wherever the browser is;
 * a moment (with a time) as the day it is where the browser is; a dash when there is none.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { dateStyle: 'medium', ...(day ? { timeZone: 'UTC' } : {}) });
}

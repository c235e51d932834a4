import { TASKS, type TaskDefinition } from '@onboard/domain/web';

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

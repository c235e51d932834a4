import { FINAL_STATUSES, isTaskId, taskDefinition } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { generateActivityEmails } from './routes.contract.ts';
import type { Emails } from './context.ts';

/** Staff send the week's task-due-soon e-mails: one per task due in the next seven days, to whom the rules name. */
export const activityEmails =
  ({
    deps,
    allowedTo,
    clientAndPeople,
    recipientsOf,
    sendTemplate,
    hubLink,
  }: Emails): RouteHandler<typeof generateActivityEmails> =>
  async (req, res) => {
    const actor = await allowedTo(req, 'activity-emails');
    const today = deps.now().toISOString().slice(0, 10);
    const { rows } = await deps.pool.query<{
      client_id: string;
      task_id: string;
      policy_id: string;
      due_date: string;
    }>(
      `select client_id, task_id, policy_id, to_char(due_date, 'YYYY-MM-DD') as due_date from rm_tasks
       where status <> all($2::text[]) and due_date between $1::date and $1::date + 6
       order by client_id, due_date, task_id`,
      [today, FINAL_STATUSES],
    );
    const emailIds: string[] = [];
    for (const task of rows) {
      if (!isTaskId(task.task_id)) continue;
      const { name, people } = await clientAndPeople(task.client_id).catch(() => ({ name: '', people: [] }));
      const path = `/task/${encodeURIComponent(task.task_id)}${task.policy_id ? `/${encodeURIComponent(task.policy_id)}` : ''}`;
      const dueDate = new Date(`${task.due_date}T00:00:00Z`).toLocaleDateString('en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      });
      const { to, cc } = await recipientsOf(task.client_id, 'TASK_DUE_SOON', people);
      for (const person of to)
        emailIds.push(
          await sendTemplate(
            'TASK_DUE_SOON',
            task.client_id,
            person,
            {
              clientName: name,
              taskName: taskDefinition(task.task_id).title,
              dueDate,
              link: hubLink(task.client_id, path),
            },
            actor,
            cc,
          ),
        );
    }
    res.status(201).json({ emailIds, count: emailIds.length });
  };

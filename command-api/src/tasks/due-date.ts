import type { changeTaskDueDate } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

/** Staff move a task’s due date, and with it the later tasks when asked. */
export const changeDueDate =
  ({ changeTask }: TaskCommands): RouteHandler<typeof changeTaskDueDate> =>
  async (req, res, input) => {
    const task = await changeTask(req, ({ clientId, taskId }) => {
      const { policyId, dueDate, moveOthers } = input.body();
      return { type: 'ChangeDueDate', data: { clientId, taskId, policyId, dueDate, moveOthers } };
    });
    res.json(task);
  };

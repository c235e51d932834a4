import type { changeTaskDueDate } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

/** Staff move a task’s due date, and with it the later tasks when asked. */
export const changeDueDate =
  ({ execute, answerTask, callerOn }: TaskCommands): RouteHandler<typeof changeTaskDueDate> =>
  async (req, res, input) => {
    const { actor, clientId } = await callerOn(req);
    const { policyId, dueDate, moveOthers } = input.body();
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'ChangeDueDate',
      data: { clientId, taskId, policyId, dueDate, moveOthers },
    });
    res.json(answerTask(after, taskId, policyId));
  };

import type { changeTaskStatus } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

/** Staff set a task’s status. */
export const changeStatus =
  ({ execute, answerTask, callerOn }: TaskCommands): RouteHandler<typeof changeTaskStatus> =>
  async (req, res, input) => {
    const { actor, clientId } = await callerOn(req);
    const { policyId, status, reason } = input.body();
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'ChangeTaskStatus',
      data: { clientId, taskId, policyId, status, reason },
    });
    res.json(answerTask(after, taskId, policyId));
  };

import type { changeTaskStatus } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

/** Staff set a task’s status. */
export const changeStatus =
  ({ changeTask }: TaskCommands): RouteHandler<typeof changeTaskStatus> =>
  async (req, res, input) => {
    const task = await changeTask(req, ({ clientId, taskId }) => {
      const { policyId, status, reason } = input.body();
      return { type: 'ChangeTaskStatus', data: { clientId, taskId, policyId, status, reason } };
    });
    res.json(task);
  };

import { ValidationError } from '@onboard/domain';
import type { takeTaskAction } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

const ACTIONS = ['start', 'submit', 'complete'] as const;

/** The client or staff start, submit or complete a task. */
export const takeAction =
  ({ changeTask }: TaskCommands): RouteHandler<typeof takeTaskAction> =>
  async (req, res, input) => {
    const task = await changeTask(
      req,
      ({ clientId, taskId }) => {
        const action = String(req.params.action);
        if (!(ACTIONS as readonly string[]).includes(action))
          throw new ValidationError({ 'params.action': `Choose one of ${ACTIONS.join(', ')}` });
        const { policyId } = input.body();
        return {
          type: 'TakeTaskAction',
          data: { clientId, taskId, policyId, action: action as (typeof ACTIONS)[number] },
        };
      },
      false,
    );
    res.json(task);
  };

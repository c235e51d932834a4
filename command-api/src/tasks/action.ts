import { ValidationError } from '@onboard/domain';
import type { takeTaskAction } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

const ACTIONS = ['start', 'submit', 'complete'] as const;

/** The client or staff start, submit or complete a task. */
export const takeAction =
  ({ execute, answerTask, callerOn }: TaskCommands): RouteHandler<typeof takeTaskAction> =>
  async (req, res, input) => {
    const { actor, clientId } = await callerOn(req, false);
    const action = String(req.params.action);
    if (!(ACTIONS as readonly string[]).includes(action))
      throw new ValidationError({ 'params.action': `Choose one of ${ACTIONS.join(', ')}` });
    const { policyId } = input.body();
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'TakeTaskAction',
      data: { clientId, taskId, policyId, action: action as (typeof ACTIONS)[number] },
    });
    res.json(answerTask(after, taskId, policyId));
  };

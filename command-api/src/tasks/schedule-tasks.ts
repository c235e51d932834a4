import { NotFoundError } from '@onboard/domain';
import { scheduleClientTasks } from './schedule.ts';
import type { scheduleTasks } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

/** Staff schedule the client’s tasks from today. */
export const scheduleAll =
  ({ deps, callerOn }: TaskCommands): RouteHandler<typeof scheduleTasks> =>
  async (req, res) => {
    const { actor, clientId } = await callerOn(req);
    const correlationId = req.header('x-correlation-id') ?? deps.newId();
    const startsOn = deps.now().toISOString().slice(0, 10);
    const scheduled = await scheduleClientTasks(deps, actor, clientId, startsOn, correlationId);
    if (scheduled === null) throw new NotFoundError('Client not found');
    res.json({ scheduled });
  };

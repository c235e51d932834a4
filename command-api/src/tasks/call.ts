import { ValidationError } from '@onboard/domain';
import type { scheduleTaskCall } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

/** Staff schedule (or cancel) a task’s call, on the day it falls in its time zone. */
export const scheduleCall =
  ({ execute, answerTask, callerOn }: TaskCommands): RouteHandler<typeof scheduleTaskCall> =>
  async (req, res, input) => {
    const { actor, clientId } = await callerOn(req);
    const { policyId, call, timeZone, moveOthers } = input.body();
    let callDay: string | null = null;
    if (call) {
      try {
        // en-CA writes a date as YYYY-MM-DD.
        callDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(call.startsAt));
      } catch {
        throw new ValidationError({ 'body.timeZone': 'Unknown time zone' });
      }
    }
    const taskId = String(req.params.taskId);
    const { after } = await execute(req, actor, clientId, {
      type: 'ScheduleCall',
      data: {
        clientId,
        taskId,
        policyId,
        call: call
          ? { ...call, startsAt: new Date(call.startsAt).toISOString(), joinUrl: call.joinUrl || null }
          : null,
        callDay,
        moveOthers,
      },
    });
    res.json(answerTask(after, taskId, policyId));
  };

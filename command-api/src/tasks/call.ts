import { ValidationError } from '@onboard/domain';
import type { scheduleTaskCall } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { TaskCommands } from './context.ts';

/** The day a call starts on where its people are (YYYY-MM-DD); an unknown zone is a 400 keyed body.timeZone. */
const dayIn = (timeZone: string, startsAt: string) => {
  try {
    // en-CA writes a date as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(startsAt));
  } catch {
    throw new ValidationError({ 'body.timeZone': 'Unknown time zone' });
  }
};

/** Staff schedule (or cancel) a task’s call, on the day it falls in its time zone. */
export const scheduleCall =
  ({ changeTask }: TaskCommands): RouteHandler<typeof scheduleTaskCall> =>
  async (req, res, input) => {
    const task = await changeTask(req, ({ clientId, taskId }) => {
      const { policyId, call, timeZone, moveOthers } = input.body();
      return {
        type: 'ScheduleCall',
        data: {
          clientId,
          taskId,
          policyId,
          call: call
            ? { ...call, startsAt: new Date(call.startsAt).toISOString(), joinUrl: call.joinUrl || null }
            : null,
          callDay: call ? dayIn(timeZone, call.startsAt) : null,
          moveOthers,
        },
      };
    });
    res.json(task);
  };

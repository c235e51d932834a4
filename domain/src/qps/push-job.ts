import { isFinalApiJobStatus, type ApiJobStatus, type DomainEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Intent } from '../decider.ts';

type PushJobEvent = Extract<DomainEvent, { type: 'PlanDesignPushRequested' | 'ApiJobStatusChanged' }>;

/**
 * A push of a client's plan design to the plan system (platform §7), `apijob-{apiJobId}`: staff open it
 * (requested and IN_PROGRESS in one write, so the job never exists without its status); the qps-push
 * worker records the one final status, and a job that has one takes no other.
 */
export type PushJobState =
  { status: 'none' } | { status: 'open' | 'finished'; apiJobId: string; clientId: string };

export type PushJobCommand =
  | Command<'RequestPlanDesignPush', { apiJobId: string; clientId: string }>
  | Command<
      'FinishPlanDesignPush',
      { apiJobId: string; clientId: string; apiJobStatus: ApiJobStatus; reasons: string[] }
    >;
export type PushJobIntent = Intent<PushJobCommand>;

export type PushJobError = { code: 'ALREADY_EXISTS' | 'NOT_FINAL' | 'FINISHED'; message: string };

export const pushJobDecider: Decider<PushJobState, PushJobCommand, PushJobEvent, PushJobError> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    if (command.type === 'RequestPlanDesignPush') {
      if (state.status !== 'none')
        return refused({ code: 'ALREADY_EXISTS', message: 'This job is open already' });
      const { apiJobId, clientId } = command.data;
      return accepted(
        { type: 'PlanDesignPushRequested', data: { apiJobId, clientId, requestedBy: command.metadata.by } },
        {
          type: 'ApiJobStatusChanged',
          data: { apiJobId, clientId, apiJobStatus: 'IN_PROGRESS', reasons: [] },
        },
      );
    }
    if (!isFinalApiJobStatus(command.data.apiJobStatus))
      return refused({ code: 'NOT_FINAL', message: 'A push ends with a final status' });
    if (state.status === 'finished')
      return refused({ code: 'FINISHED', message: 'This push has its answer already' });
    return accepted({ type: 'ApiJobStatusChanged', data: command.data });
  },
  evolve(state, event) {
    const { apiJobId, clientId } = event.data;
    if (event.type === 'PlanDesignPushRequested') return { status: 'open', apiJobId, clientId };
    return isFinalApiJobStatus(event.data.apiJobStatus)
      ? { status: 'finished', apiJobId, clientId }
      : state.status === 'none'
        ? { status: 'open', apiJobId, clientId }
        : state;
  },
};

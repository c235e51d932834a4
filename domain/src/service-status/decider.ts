import type { ServiceStatusEvent } from '@onboard/events';
import { accepted, type Command, type Decider, type Intent } from '../decider.ts';

/**
 * The portal's service-status settings, folded from the `service-status` stream. The embedded default
 * has no ticket system to probe; staff say whether it counts as up, and it is up until they say otherwise.
 */
export type ServiceStatusState = { ticketSystemUp: boolean; changedAt: string | null };

export type ServiceStatusCommand = Command<'SetTicketSystemStatus', { isUp: boolean }>;
export type ServiceStatusIntent = Intent<ServiceStatusCommand>;

export const serviceStatusDecider: Decider<ServiceStatusState, ServiceStatusCommand, ServiceStatusEvent> = {
  initialState: () => ({ ticketSystemUp: true, changedAt: null }),
  decide: (command, state) => {
    // Setting what is already set changes nothing: no event, so the stream only records real flips.
    if (command.data.isUp === state.ticketSystemUp) return accepted();
    return accepted({
      type: 'TicketSystemStatusSet',
      data: { isUp: command.data.isUp, at: command.metadata.at, by: command.metadata.by },
    });
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'TicketSystemStatusSet':
        return { ticketSystemUp: event.data.isUp, changedAt: event.data.at };
      default:
        return state;
    }
  },
};

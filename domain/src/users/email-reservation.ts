import { normaliseEmail, type DomainEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider } from '../decider.ts';

type ReservationEvent = Extract<DomainEvent, { type: 'EmailReserved' | 'EmailReleased' }>;

/**
 * An e-mail address's holder, `useremail-{address}`: one user at a time. Reserving an address its user
 * holds changes nothing; another user's is taken; a released address may be reserved again. Only its
 * holder releases it.
 */
export type EmailReservationState = { holder: string | null };

export type EmailReservationCommand =
  | Command<'ReserveEmail', { email: string; userId: string }>
  | Command<'ReleaseEmail', { email: string; userId: string }>;

export type EmailReservationError = { code: 'EMAIL_TAKEN'; message: string };

export const emailReservationDecider: Decider<
  EmailReservationState,
  EmailReservationCommand,
  ReservationEvent,
  EmailReservationError
> = {
  initialState: () => ({ holder: null }),
  decide(command, { holder }) {
    const data = { email: normaliseEmail(command.data.email), userId: command.data.userId };
    if (command.type === 'ReserveEmail') {
      if (holder === data.userId) return accepted();
      if (holder !== null)
        return refused({ code: 'EMAIL_TAKEN', message: 'A user with this e-mail already exists.' });
      return accepted({ type: 'EmailReserved', data });
    }
    return holder === data.userId ? accepted({ type: 'EmailReleased', data }) : accepted();
  },
  evolve: (_, event) => ({ holder: event.type === 'EmailReserved' ? event.data.userId : null }),
};

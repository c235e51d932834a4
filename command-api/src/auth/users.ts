import type pg from 'pg';
import {
  WrongExpectedRevisionError,
  emailReservationStream,
  handleCommand,
  normaliseEmail,
  parseEvent,
  userStream,
  type EventStore,
  type UserEvent,
} from '@onboard/events';
import {
  AppError,
  ConflictError,
  NotFoundError,
  RuleError,
  foldUser,
  userDecider,
  type UserCommand,
  type UserIntent,
  type UserProfile,
  type UserState,
  emailReservationDecider,
} from '@onboard/domain';

export type UserStoreDeps = { store: EventStore; pool: pg.Pool; now: () => Date; newId: () => string };

/** Who caused a user event: the admin acting, the user themself, or 'system' (seed, sign-in plumbing). */
export type EventActor = { userId: string; role: string };
export const SYSTEM_ACTOR: EventActor = { userId: 'system', role: 'SYSTEM' };

export async function loadUser(store: EventStore, userId: string) {
  const recorded = await store.readStream(userStream(userId));
  const state = foldUser(recorded.map((r) => parseEvent(r) as UserEvent));
  return { state, revision: BigInt(recorded.length) - 1n };
}

/** The active user holding an e-mail address, read from its reservation stream (consistent, no lag). */
export async function findActiveUserByEmail(
  store: EventStore,
  email: string,
): Promise<{ user: UserProfile; revision: bigint } | null> {
  const reservations = await store.readStream(emailReservationStream(email));
  const last = reservations[reservations.length - 1];
  if (!last || last.type !== 'EmailReserved') return null;
  const { userId } = last.data as { userId: string };
  const { state, revision } = await loadUser(store, userId);
  return state.status === 'active' && normaliseEmail(state.user.email) === normaliseEmail(email)
    ? { user: state.user, revision }
    : null;
}

const metadataOf = (deps: UserStoreDeps, actor: EventActor) => ({
  actorId: actor.userId,
  actorRole: actor.role,
  occurredAt: deps.now().toISOString(),
  correlationId: deps.newId(),
});

/**
 * Loads `user-{userId}`, decides, appends with the expected revision (like executeEifCommand). `ifMatch`
 * is the version an admin edited; either way a concurrent write in between is a conflict.
 */
export async function executeUserCommand(
  deps: UserStoreDeps,
  actor: EventActor,
  userId: string,
  intent: UserIntent,
  ifMatch: bigint | null = null,
): Promise<{ state: UserState; revision: bigint }> {
  const at = deps.now().toISOString();
  try {
    const result = await handleCommand(deps.store, userDecider, {
      stream: userStream(userId),
      newId: deps.newId,
      metadata: metadataOf(deps, actor),
      command: (_state, { revision }) => {
        if (ifMatch !== null && ifMatch !== revision) {
          throw new ConflictError(undefined, { currentVersion: Number(revision) });
        }
        return { ...intent, metadata: { at, by: actor } } as UserCommand;
      },
    });
    if (!result.ok) {
      if (result.error.code === 'NOT_FOUND') throw new NotFoundError(result.error.message);
      throw new RuleError(result.error.code, result.error.message);
    }
    return { state: result.after, revision: result.revision };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
    throw error;
  }
}

export class EmailTakenError extends AppError {
  constructor() {
    super(409, 'EMAIL_TAKEN', 'A user with this e-mail already exists.');
  }
}

/**
 * Reserves the address on `useremail-{email}`: the first reservation appends with no_stream, a released
 * address is taken again at the revision of its release, so two concurrent registrations cannot both win.
 * True when this call made the reservation; false when the same user already held it (made by another
 * call, which only that call, or nobody, may release).
 */
export async function reserveEmail(
  deps: UserStoreDeps,
  actor: EventActor,
  email: string,
  userId: string,
): Promise<boolean> {
  const stream = emailReservationStream(email);
  const at = deps.now().toISOString();
  try {
    const result = await handleCommand(deps.store, emailReservationDecider, {
      stream,
      newId: deps.newId,
      metadata: metadataOf(deps, actor),
      command: { type: 'ReserveEmail', data: { email, userId }, metadata: { at, by: actor } },
    });
    if (!result.ok) throw new EmailTakenError();
    // Nothing written: the same user held it already, by another call's reservation.
    return result.events.length > 0;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) {
      // Another call reserved it first: for another user the address is taken; for this same user (two
      // registrations of one user racing) the reservation is held, but not by this call.
      const now = await deps.store.readStream(stream);
      const holder = now[now.length - 1];
      if (holder?.type === 'EmailReserved' && (holder.data as { userId: string }).userId === userId)
        return false;
      throw new EmailTakenError();
    }
    throw error;
  }
}

export async function releaseEmail(deps: UserStoreDeps, actor: EventActor, email: string, userId: string) {
  await handleCommand(deps.store, emailReservationDecider, {
    stream: emailReservationStream(email),
    newId: deps.newId,
    metadata: metadataOf(deps, actor),
    command: {
      type: 'ReleaseEmail',
      data: { email, userId },
      metadata: { at: deps.now().toISOString(), by: actor },
    },
  });
}

/**
 * Registers a user: reserve the address, then create the stream. A failed create releases the address
 * only when this call made the reservation and no user was registered with it meanwhile: a registration
 * that lost a race to another one of the same user never takes the winner's address away.
 */
export async function registerUser(
  deps: UserStoreDeps,
  actor: EventActor,
  registration: Extract<UserCommand, { type: 'RegisterUser' }>['data'],
) {
  const isOwnReservation = await reserveEmail(deps, actor, registration.email, registration.userId);
  try {
    const registered = await executeUserCommand(deps, actor, registration.userId, {
      type: 'RegisterUser',
      data: registration,
    });
    // Registered on a reservation another call made: make sure that call's failure did not release it.
    if (!isOwnReservation) await reserveEmail(deps, actor, registration.email, registration.userId);
    return registered;
  } catch (error) {
    if (isOwnReservation) {
      const { state } = await loadUser(deps.store, registration.userId).catch(() => ({ state: null }));
      if (state?.status === 'none')
        await releaseEmail(deps, actor, registration.email, registration.userId).catch(() => undefined);
    }
    throw error;
  }
}

/**
 * Read-your-writes for the caller's own change: waits (bounded) until rm_users reflects `revision`, so
 * the next GET /api/users/authenticated shows it. A slow projection only delays, never fails, the call.
 */
export async function awaitUserProjected(pool: pg.Pool, userId: string, revision: bigint, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ version: string }>(
      'select version::text from rm_users where user_id = $1',
      [userId],
    );
    if (rows[0] && BigInt(rows[0].version) >= revision) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

import {
  emailReservationStream,
  normaliseEmail,
  parseEvent,
  userStream,
  WrongExpectedRevisionError,
  type NewEvent,
  type UserEvent,
} from '../../../events/src/index.ts';
import {
  AppError,
  ConflictError,
  NotFoundError,
  RuleError,
  decideUser,
  evolveUser,
  foldUser,
  type Actor,
  type UserCommand,
  type UserProfile,
  type UserState,
} from '../../../domain/src/index.ts';
import type { CommandDeps } from '../http/context.ts';

export class EmailTakenError extends AppError {
  constructor() {
    super(409, 'EMAIL_TAKEN', 'A user with this e-mail already exists.');
  }
}

export type LoadedUser = { state: UserState; revision: bigint };

export async function loadUser(deps: CommandDeps, userId: string): Promise<LoadedUser> {
  const recorded = await deps.store.readStream(userStream(userId));
  const events = recorded.map((r) => parseEvent(r) as UserEvent);
  return { state: foldUser(events), revision: BigInt(recorded.length) - 1n };
}

/** The live user or a 404; deleted users are gone for administration. */
export async function loadActiveUser(
  deps: CommandDeps,
  userId: string,
): Promise<{ user: UserProfile; revision: bigint }> {
  const loaded = await loadUser(deps, userId);
  if (loaded.state.status !== 'active') throw new NotFoundError('User not found');
  return { user: loaded.state.user, revision: loaded.revision };
}

const metadata = (deps: CommandDeps, actor: Actor, correlationId: string) => ({
  actorId: actor.userId,
  actorRole: actor.role,
  occurredAt: deps.now().toISOString(),
  correlationId,
});

/**
 * Decides a user command against the stream and appends with the expected revision: the If-Match value
 * when the caller sent one, else the revision just read.
 */
export async function executeUserCommand(
  deps: CommandDeps,
  actor: Actor,
  userId: string,
  command: UserCommand,
  options: { ifMatch?: bigint | null; correlationId: string },
): Promise<{ user: UserProfile; revision: bigint }> {
  const loaded = await loadUser(deps, userId);
  if (options.ifMatch != null && options.ifMatch !== loaded.revision) {
    throw new ConflictError('This user was changed by someone else. Reload to see the latest version.', {
      currentVersion: Number(loaded.revision),
    });
  }
  const decision = decideUser(command, loaded.state);
  if (!decision.ok) {
    if (decision.error.code === 'NOT_FOUND') throw new NotFoundError(decision.error.message);
    if (decision.error.code === 'ALREADY_EXISTS') throw new ConflictError(decision.error.message);
    throw new RuleError(decision.error.code, decision.error.message);
  }
  let revision = loaded.revision;
  if (decision.events.length > 0) {
    const toAppend: NewEvent[] = decision.events.map((event) => ({
      id: deps.newId(),
      type: event.type,
      data: event.data,
      metadata: metadata(deps, actor, options.correlationId),
    }));
    try {
      const result = await deps.store.append(
        userStream(userId),
        toAppend,
        loaded.state.status === 'none' ? 'no_stream' : loaded.revision,
      );
      revision = result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
      throw error;
    }
  }
  const next = decision.events.reduce(evolveUser, loaded.state);
  if (next.status === 'none') throw new NotFoundError('User not found');
  return { user: next.user, revision };
}

type Reservation = { holder: string | null; revision: bigint | 'no_stream' };

async function readReservation(deps: CommandDeps, email: string): Promise<Reservation> {
  const recorded = await deps.store.readStream(emailReservationStream(email));
  const last = recorded.at(-1);
  if (!last) return { holder: null, revision: 'no_stream' };
  const event = parseEvent(last);
  const holder = event.type === 'EmailReserved' ? event.data.userId : null;
  return { holder, revision: last.revision };
}

/** The user holding an address, from its reservation stream (no read model needed on the write side). */
export async function userIdByEmail(deps: CommandDeps, email: string): Promise<string | null> {
  return (await readReservation(deps, email)).holder;
}

/** Fails with EMAIL_TAKEN unless the address is free or already this user's. */
export async function assertEmailFree(deps: CommandDeps, email: string, userId: string) {
  const { holder } = await readReservation(deps, email);
  if (holder !== null && holder !== userId) throw new EmailTakenError();
}

/**
 * Claims an address for a user. The reservation stream is appended at the revision just read (no_stream
 * for a never-used address), so two users racing for one address cannot both win.
 */
export async function reserveEmail(
  deps: CommandDeps,
  actor: Actor,
  email: string,
  userId: string,
  correlationId: string,
) {
  const { holder, revision } = await readReservation(deps, email);
  if (holder === userId) return;
  if (holder !== null) throw new EmailTakenError();
  try {
    await deps.store.append(
      emailReservationStream(email),
      [
        {
          id: deps.newId(),
          type: 'EmailReserved',
          data: { email: normaliseEmail(email), userId },
          metadata: metadata(deps, actor, correlationId),
        },
      ],
      revision,
    );
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new EmailTakenError();
    throw error;
  }
}

/** Frees an address this user held (after a change of e-mail or a deletion); a no-op otherwise. */
export async function releaseEmail(
  deps: CommandDeps,
  actor: Actor,
  email: string,
  userId: string,
  correlationId: string,
) {
  const { holder, revision } = await readReservation(deps, email);
  if (holder !== userId || revision === 'no_stream') return;
  await deps.store.append(
    emailReservationStream(email),
    [
      {
        id: deps.newId(),
        type: 'EmailReleased',
        data: { email: normaliseEmail(email), userId },
        metadata: metadata(deps, actor, correlationId),
      },
    ],
    revision,
  );
}

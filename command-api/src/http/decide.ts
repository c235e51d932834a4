import type { Request } from 'express';
import {
  WrongExpectedRevisionError,
  handleCommand,
  withRetries,
  type AppendAt,
  type DomainEvent,
} from '@onboard/events';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  type Actor,
  type Decider,
  type Intent,
  type Refusal,
} from '@onboard/domain';
import type { CommandDeps } from './context.ts';
import { bodyFieldErrors, parseIfMatch } from './validate.ts';

/** A refusal as the API answers it: 404, 409, 400 keyed by field, or 400 naming the rule. */
export type RefusalAnswer = Refusal & {
  fields?: Readonly<Record<string, string>>;
  currentVersion?: number;
};

export function refusalError(error: RefusalAnswer, conflictMessage?: string): Error {
  if (error.code === 'NOT_FOUND') return new NotFoundError(error.message);
  if (error.code === 'FORBIDDEN') return new ForbiddenError(error.message);
  if (error.code === 'CONFLICT' || error.code === 'ALREADY_EXISTS')
    return new ConflictError(
      error.code === 'ALREADY_EXISTS' ? error.message : (conflictMessage ?? error.message),
      error.currentVersion === undefined ? {} : { currentVersion: error.currentVersion },
    );
  if (error.code === 'INVALID' && error.fields) return bodyFieldErrors(error.fields, error.message);
  return new AppError(400, error.code, error.message);
}

/** What a write takes from its request: the version read (If-Match) and the correlation id. */
export type RequestContext = { ifMatch: bigint | null; correlationId: string };

export const requestContext = (req: Request, newId: () => string): RequestContext => ({
  ifMatch: parseIfMatch(req.header('if-match')),
  correlationId: req.header('x-correlation-id') ?? newId(),
});

/** The request's correlation id alone: a write whose version is guarded by the stream read, not If-Match. */
export const unversioned = (req: Request, newId: () => string): RequestContext => ({
  ifMatch: null,
  correlationId: req.header('x-correlation-id') ?? newId(),
});

type StreamEvent = Extract<DomainEvent, { type: string }>;

export type StreamDecision<State, Event> = {
  before: State;
  after: State;
  /** The events appended, the decided ones after any `prelude`. */
  events: Event[];
  /** The stream's revision after the append (-1: still no stream). */
  revision: bigint;
};

/**
 * The HTTP wrapper of the one command handler (`handleCommand` in @onboard/events): it reads the stream and
 * folds it with the decider, checks the request's If-Match against its revision (a stale one is a 409),
 * lets `build` make the command from the state (time and actor come in as its metadata), decides, and
 * appends the events at the revision read (or as `appendAt` says), so a concurrent write is a 409, never
 * an overwrite. A refusal throws as the API answers it and appends nothing. `prelude` (from the state read)
 * is appended before the decided events, in the same write.
 */
export async function decideOnStream<State, Command, Event extends StreamEvent, R extends RefusalAnswer>(
  deps: Pick<CommandDeps, 'store' | 'now' | 'newId'>,
  options: {
    /** The version the caller read (If-Match), or null; and the request's correlation id. */
    request: RequestContext;
    /** Who asks: a user, or someone acting by link (an outside signer's role is OUTSIDE_SIGNER). */
    actor: { userId: string; role: Actor['role'] | 'OUTSIDE_SIGNER' };
    stream: string;
    decider: Decider<State, Command, Event, R>;
    build: (state: State, metadata: { at: string; by: { userId: string; role: string } }) => Command;
    prelude?: (state: State, revision: bigint) => Promise<Event[]> | Event[];
    conflictMessage?: string;
    /** Where the events go (default: at the revision read); see `AppendAt`. */
    appendAt?: AppendAt;
    /**
     * Without If-Match, how many times a write that lost a race (the stream moved on since it was read) is
     * decided again on what is there now, before it answers 409 (default: none).
     */
    retriesOnRace?: number;
  },
): Promise<StreamDecision<State, Event>> {
  const attempts = options.request.ifMatch === null ? 1 + (options.retriesOnRace ?? 0) : 1;
  try {
    return await withRetries(() => decideOnce(deps, options), {
      attempts,
      retryOn: (error) => error instanceof RaceLost,
    });
  } catch (error) {
    throw error instanceof RaceLost ? error.answer : error;
  }
}

/** `decideOnStream` of the intent a route built: the command is the intent with who and when added. */
export const decideIntent = <State, Command, Event extends StreamEvent, R extends RefusalAnswer>(
  deps: Pick<CommandDeps, 'store' | 'now' | 'newId'>,
  {
    intent,
    ...options
  }: Omit<Parameters<typeof decideOnStream<State, Command, Event, R>>[1], 'build'> & {
    intent: Intent<Command>;
  },
) => decideOnStream(deps, { ...options, build: (_state, metadata) => ({ ...intent, metadata }) as Command });

/** A write that lost a race, with the 409 it answers when it is not decided again. */
class RaceLost extends Error {
  constructor(readonly answer: ConflictError) {
    super(answer.message);
  }
}

async function decideOnce<State, Command, Event extends StreamEvent, R extends RefusalAnswer>(
  deps: Pick<CommandDeps, 'store' | 'now' | 'newId'>,
  options: Parameters<typeof decideOnStream<State, Command, Event, R>>[1],
): Promise<StreamDecision<State, Event>> {
  const { request, actor, stream, decider, conflictMessage } = options;
  const { ifMatch, correlationId } = request;
  const metadata = { at: deps.now().toISOString(), by: { userId: actor.userId, role: actor.role } };
  try {
    const result = await handleCommand(deps.store, decider, {
      stream,
      appendAt: options.appendAt,
      newId: deps.newId,
      metadata: { actorId: actor.userId, actorRole: actor.role, occurredAt: metadata.at, correlationId },
      prelude: (state, { revision }) => {
        if (ifMatch !== null && ifMatch !== revision)
          throw new ConflictError(conflictMessage, { currentVersion: Number(revision) });
        return options.prelude?.(state, revision) ?? [];
      },
      command: (state) => options.build(state, metadata),
    });
    if (!result.ok) throw refusalError(result.error, conflictMessage);
    const { before, after, events, revision } = result;
    return { before, after, events, revision };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new RaceLost(new ConflictError(conflictMessage));
    throw error;
  }
}

import type { Request, RequestHandler } from 'express';
import type { EventStore } from '../../../events/src/index.ts';
import {
  ForbiddenError,
  UnauthorizedError,
  checkClientAccess,
  type Action,
  type Actor,
} from '../../../domain/src/index.ts';

/** Resolves the signed-in actor from the request (the session adapter is injected by platform/). */
export type Authenticate = (req: Request) => Promise<Actor | null>;

export type CommandDeps = {
  store: EventStore;
  authenticate: Authenticate;
  now: () => Date;
  newId: () => string;
};

export async function requireActor(authenticate: Authenticate, req: Request): Promise<Actor> {
  const actor = await authenticate(req);
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function requireClientAccess(actor: Actor, clientId: string, action: Action) {
  const access = checkClientAccess(actor, clientId, action);
  if (!access.allowed) throw new ForbiddenError(access.message);
}

/** Express 5 forwards rejected promises to the error middleware; this keeps handlers typed. */
export const handle =
  (fn: (req: Request, res: Parameters<RequestHandler>[1]) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    fn(req, res).catch(next);
  };

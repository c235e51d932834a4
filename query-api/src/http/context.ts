import type { Request, RequestHandler, Response } from 'express';
import type pg from 'pg';
import {
  ForbiddenError,
  UnauthorizedError,
  checkClientAccess,
  type Action,
  type Actor,
} from '../../../domain/src/index.ts';

export type Authenticate = (req: Request) => Promise<Actor | null>;

export type QueryDeps = { pool: pg.Pool; authenticate: Authenticate };

export async function requireActor(authenticate: Authenticate, req: Request): Promise<Actor> {
  const actor = await authenticate(req);
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function requireClientAccess(actor: Actor, clientId: string, action: Action) {
  const access = checkClientAccess(actor, clientId, action);
  if (!access.allowed) throw new ForbiddenError(access.message);
}

export const handle =
  (fn: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    fn(req, res).catch(next);
  };

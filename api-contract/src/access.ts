import type { Request } from 'express';
import {
  UnauthorizedError,
  assertAllowed,
  type AccessTarget,
  type Action,
  type Actor,
  type Resource,
} from '@onboard/domain';

/** Resolves the signed-in actor from the request (the session adapter is injected by platform/). */
export type Authenticate = (req: Request) => Promise<Actor | null>;

/** The signed-in actor, or 401. */
export async function requireActor(authenticate: Authenticate, req: Request): Promise<Actor> {
  const actor = await authenticate(req);
  if (!actor) throw new UnauthorizedError();
  return actor;
}

/** Every route's permission check (platform §6 table in domain/src/auth/permissions.ts): 403 when refused. */
export function requirePermission(
  actor: Actor,
  resource: Resource,
  action: Action,
  target: AccessTarget = {},
) {
  assertAllowed(actor, resource, action, target);
}

export function requireClientAccess(
  actor: Actor,
  clientId: string,
  action: Action,
  fields?: readonly string[],
) {
  requirePermission(actor, 'client', action, { clientId, ...(fields ? { fields } : {}) });
}

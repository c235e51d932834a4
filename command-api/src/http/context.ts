import type { Request } from 'express';
import type { EventStore, SnapshotStore } from '@onboard/events';
import type { Queryable } from '@onboard/api-contract/people';
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

export type CommandDeps = {
  store: EventStore;
  /** Optional: long streams load from their latest snapshot. */
  snapshots?: SnapshotStore;
  authenticate: Authenticate;
  now: () => Date;
  newId: () => string;
  /** Optional: where the lifecycle answers find the names of the people a view names. */
  people?: Queryable;
};

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

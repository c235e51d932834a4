import type { Request } from 'express';
import { eifStream, type EventStore, type SnapshotStore } from '@onboard/events';
import { ForbiddenError, NotFoundError, isInternal, type Actor } from '@onboard/domain';
import type { Queryable } from '@onboard/api-contract/people';
import { requireActor, requireClientAccess, type Authenticate } from '@onboard/api-contract/access';

export {
  requireActor,
  requireClientAccess,
  requirePermission,
  type Authenticate,
} from '@onboard/api-contract/access';

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

/**
 * The caller and the client the path names, which they may update; with `staffOnly`, the message that
 * refuses anyone but internal staff.
 */
export async function callerOnClient(
  authenticate: Authenticate,
  req: Request,
  staffOnly?: string,
): Promise<{ actor: Actor; clientId: string }> {
  const actor = await requireActor(authenticate, req);
  const clientId = String(req.params.clientId);
  requireClientAccess(actor, clientId, 'update');
  if (staffOnly !== undefined && !isInternal(actor)) throw new ForbiddenError(staffOnly);
  return { actor, clientId };
}

/** A 404 unless the client exists (its form has a first event). */
export async function requireClientExists(store: EventStore, clientId: string): Promise<void> {
  const [first] = await store.readStream(eifStream(clientId), { maxCount: 1 });
  if (!first) throw new NotFoundError('Client not found');
}

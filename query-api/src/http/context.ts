import type pg from 'pg';
import type { Request } from 'express';
import type { Actor } from '@onboard/domain';
import { requireActor, requireClientAccess, type Authenticate } from '@onboard/api-contract/access';

export {
  requireActor,
  requireClientAccess,
  requirePermission,
  type Authenticate,
} from '@onboard/api-contract/access';

export type QueryDeps = {
  pool: pg.Pool;
  authenticate: Authenticate;
  /** The clock of date-relative filters (a task due this week); the real one when left out. */
  now?: () => Date;
};

/** The signed-in actor, and the client of the path (`:clientId`) once that actor may read it: 401, 403 else. */
export async function requireClientReader(
  authenticate: Authenticate,
  req: Request,
): Promise<{ actor: Actor; clientId: string }> {
  const actor = await requireActor(authenticate, req);
  const clientId = String(req.params.clientId);
  requireClientAccess(actor, clientId, 'read');
  return { actor, clientId };
}

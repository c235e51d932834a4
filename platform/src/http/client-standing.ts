import type { RequestHandler } from 'express';
import type pg from 'pg';
import { NotFoundError, isInternal, type Actor } from '@onboard/domain';

type Deps = { pool: pg.Pool; authenticate: (req: Parameters<RequestHandler>[0]) => Promise<Actor | null> };

/**
 * Every call under /api/clients/{clientId}, read or write: a deleted client is not found for anyone; an
 * archived one is not found for anyone but staff (platform §7 archive). Read from the client-lifecycle
 * read model, so a client from before lifecycles (no row) passes.
 */
export function clientStandingGate({ pool, authenticate }: Deps): RequestHandler {
  return (req, _res, next) => {
    const clientId = String(req.params.clientId ?? '');
    pool
      // Named: prepared once per connection, as every call under /api/clients/{clientId} asks it.
      .query<{ is_archived: boolean; deleted: boolean }>({
        name: 'client_standing',
        text: 'select is_archived, deleted_at is not null as deleted from rm_client_lifecycle where client_id = $1',
        values: [clientId],
      })
      .then(async ({ rows }) => {
        const row = rows[0];
        if (!row) return next();
        if (row.deleted) return next(new NotFoundError('Client not found'));
        if (row.is_archived) {
          const actor = await authenticate(req);
          if (!actor || !isInternal(actor)) return next(new NotFoundError('Client not found'));
        }
        next();
      })
      .catch(next);
  };
}

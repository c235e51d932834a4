import { Router } from 'express';
import { grantFor } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type QueryDeps } from '../http/context.ts';
import { listClients, type ClientListItem } from './routes.contract.ts';

type Row = {
  client_id: string;
  name: string;
  eif_status: 'pre_sign' | 'signed';
  pending_count: number;
  updated_at: Date;
  total: string;
};

/** `%` and `_` typed in a search are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/clients: staff see every client, a ben-admin or broker only their own (the 'client' grant's
 * scope in the permission table decides which). One page by name, with the EIF status and the number of
 * pending post-sign changes read from the client-view document.
 */
export function clientListRoutes(deps: QueryDeps): Router {
  const router = Router();

  mount(router, listClients, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const { limit, offset, search } = input.query();
    const isAll = grantFor(actor.role, 'client')?.scope === 'any';
    if (isAll) requirePermission(actor, 'client', 'read');
    // Own scope: each client the actor is attached to passes the same check a single read would.
    const ownIds = isAll
      ? null
      : actor.clientIds.filter((clientId) => {
          requirePermission(actor, 'client', 'read', { clientId });
          return true;
        });
    if (ownIds !== null && ownIds.length === 0) {
      res.json({ items: [], total: 0 });
      return;
    }
    const { rows } = await deps.pool.query<Row>(
      `select client_id, name, state->>'status' as eif_status,
                coalesce(jsonb_array_length(state->'pending'), 0)::int as pending_count,
                updated_at, count(*) over () as total
         from rm_clients
         where ($1::text[] is null or client_id = any($1))
           and ($2::text is null or name ilike '%' || $2 || '%')
         order by lower(name), client_id
         limit $3 offset $4`,
      [ownIds, search ? escapeLike(search) : null, limit, offset],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    // A page past the end has no rows to carry the window count.
    if (rows.length === 0 && offset > 0) {
      const count = await deps.pool.query<{ n: string }>(
        `select count(*) as n from rm_clients
           where ($1::text[] is null or client_id = any($1))
             and ($2::text is null or name ilike '%' || $2 || '%')`,
        [ownIds, search ? escapeLike(search) : null],
      );
      total = Number(count.rows[0]!.n);
    }
    const items: ClientListItem[] = rows.map((r) => ({
      id: r.client_id,
      name: r.name,
      eifStatus: r.eif_status,
      pendingChangeCount: r.pending_count,
      updatedAt: r.updated_at.toISOString(),
    }));
    res.json({ items, total });
  });

  return router;
}

import type { RouteHandler } from '@onboard/api-contract/express';
import type { lastTouchedDocument } from './routes.contract.ts';
import { SELECT, viewOf, type DocumentQueries, type Row } from './context.ts';

/** The document of a category (and policy) changed last. */
export const lastTouched =
  ({ deps, requireClient }: DocumentQueries): RouteHandler<typeof lastTouchedDocument> =>
  async (req, res, input) => {
    const { actor, clientId } = await requireClient(req);
    const policyId = input.query().policyId || null;
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where d.client_id = $1 and d.category = $2 and d.deleted_at is null
         and ($3::text is null or d.policy_id = $3)
       order by d.updated_at desc limit 1`,
      [clientId, String(req.params.category), policyId],
    );
    res.set('cache-control', 'no-store').json(rows[0] ? viewOf(actor)(rows[0]) : null);
  };

import type { RouteHandler } from '@onboard/api-contract/express';
import { manyOf, type countDocuments } from './routes.contract.ts';
import { ALL_DOCUMENTS, type DocumentQueries } from './context.ts';

/** How many documents a client has, in all and by category. */
export const count =
  ({ deps, requireClient }: DocumentQueries): RouteHandler<typeof countDocuments> =>
  async (req, res, input) => {
    const { clientId } = await requireClient(req);
    const categories = manyOf(input.query() as Record<string, unknown>, 'categories');
    const { rows } = await deps.pool.query<{ category: string; n: string }>(
      `select category, count(*) as n from ${ALL_DOCUMENTS} d
       where client_id = $1 and deleted_at is null and (cardinality($2::text[]) = 0 or category = any($2))
       group by category`,
      [clientId, categories],
    );
    const byCategory = Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
    res.set('cache-control', 'no-store').json({
      count: rows.reduce((sum, r) => sum + Number(r.n), 0),
      byCategory,
    });
  };

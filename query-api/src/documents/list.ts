import type { RouteHandler } from '@onboard/api-contract/express';
import { manyOf, type listDocumentsMeta } from './routes.contract.ts';
import { SELECT, viewOf, type DocumentQueries, type Row } from './context.ts';

/** A client's documents, by category, policy, id or language. */
export const list =
  ({ deps, requireClient }: DocumentQueries): RouteHandler<typeof listDocumentsMeta> =>
  async (req, res, input) => {
    const { actor, clientId } = await requireClient(req);
    const query = input.query() as Record<string, unknown>;
    const categories = manyOf(query, 'categories');
    const ids = manyOf(query, 'documentIds');
    const one = typeof query.documentId === 'string' && query.documentId !== '' ? query.documentId : null;
    if (one) ids.push(one);
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where d.client_id = $1 and d.deleted_at is null
         and (cardinality($2::text[]) = 0 or d.category = any($2))
         and ($3::text is null or d.policy_id = $3)
         and (cardinality($4::text[]) = 0 or d.document_id = any($4))
         and ($5::text is null or d.language = $5)
       order by d.created_at desc, d.document_id`,
      [clientId, categories, query.policyId || null, ids, query.language || null],
    );
    res.set('cache-control', 'no-store').json(rows.map(viewOf(actor)));
  };

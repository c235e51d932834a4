import type { RouteHandler } from '@onboard/api-contract/express';
import type { getClientDocumentNotice } from './routes.contract.ts';
import { STAFF_ROLES, type DocumentQueries } from './context.ts';

/** Whether staff added documents since the caller last dismissed the notice, and how many. */
export const notice =
  ({ deps, requireClient }: DocumentQueries): RouteHandler<typeof getClientDocumentNotice> =>
  async (req, res) => {
    const { actor, clientId } = await requireClient(req);
    const { rows } = await deps.pool.query<{ status: 'NEW_AND_SEEN' | 'OLD' | null; n: string }>(
      `select (select status from rm_document_notices where client_id = $1 and user_id = $2) as status,
         (select count(*) from rm_documents d
          where d.client_id = $1 and d.deleted_at is null and d.uploaded_by_role = any($3)
            and d.uploaded_by <> $2
            and d.created_at > coalesce(
              (select set_at from rm_document_notices where client_id = $1 and user_id = $2), '-infinity')
         ) as n`,
      [clientId, actor.userId, STAFF_ROLES],
    );
    const n = Number(rows[0]?.n ?? 0);
    res.set('cache-control', 'no-store').json({
      newDocumentNoticeStatus: rows[0]?.status ?? null,
      hasNewDocuments: n > 0,
      newDocumentCount: n,
    });
  };

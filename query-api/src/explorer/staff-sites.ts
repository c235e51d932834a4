import { NotFoundError } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { getExplorerSite, listClientExplorerSites, listOwnerExplorerSites } from './routes.contract.ts';
import { STAFF_SELECT, requireStaff, staffView, type ExplorerReads, type Row } from './context.ts';

/** A client's sites, a page at a time (staff). */
export const listClientSites =
  ({ deps, list }: ExplorerReads): RouteHandler<typeof listClientExplorerSites> =>
  async (req, res, input) => {
    await requireStaff(deps, req);
    res.json(await list(input.query(), 'p.client_id = $1', String(req.params.clientId)));
  };

/** One site of a client, as staff edit it. */
export const getSite =
  ({ deps, now, envFor }: ExplorerReads): RouteHandler<typeof getExplorerSite> =>
  async (req, res) => {
    await requireStaff(deps, req);
    const { rows } = await deps.pool.query<Row>(
      `${STAFF_SELECT} where p.explorer_page_id = $1 and p.client_id = $2 and not p.is_deleted`,
      [String(req.params.explorerPageId), String(req.params.clientId)],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('Explorer site not found');
    res.json(staffView(row, now(), await envFor(row.page.clientId)));
  };

/** The sites one member of staff owns, a page at a time. */
export const listOwnerSites =
  ({ deps, list }: ExplorerReads): RouteHandler<typeof listOwnerExplorerSites> =>
  async (req, res, input) => {
    await requireStaff(deps, req);
    res.json(await list(input.query(), 'p.page_owner = $1', String(req.params.pageOwnerId)));
  };

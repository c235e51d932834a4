import type { RouteHandler } from '@onboard/api-contract/express';
import type { listAssociationExplorerSites } from './routes.contract.ts';
import type { DocumentQueries } from './context.ts';

/** platform §7 Explorer pages: the sites of one association, newest first. */
export const associationSites =
  ({
    requireStaff,
    associationSites: sitesOf,
  }: DocumentQueries): RouteHandler<typeof listAssociationExplorerSites> =>
  async (req, res) => {
    await requireStaff(req);
    const associationId = String(req.params.associationId);
    const sites = await sitesOf(String(req.params.clientId), associationId);
    res.json(
      sites.map((s) => ({
        explorerPageId: s.explorer_page_id,
        name: s.name,
        vanitySlug: s.vanity_slug,
        startsAt: s.starts_at?.toISOString() ?? null,
        associationId,
      })),
    );
  };

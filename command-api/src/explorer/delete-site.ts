import type { RouteHandler } from '@onboard/api-contract/express';
import type { deleteExplorerSite } from './routes.contract.ts';
import { releaseSlug, write, type ExplorerSites } from './context.ts';

/** Staff delete a site; its vanity URL is given back. */
export const deleteSite =
  ({ deps, metadata, staffOnSite }: ExplorerSites): RouteHandler<typeof deleteExplorerSite> =>
  async (req, res) => {
    const { actor, id, page, state, revision } = await staffOnSite(req);
    const command = { type: 'DeleteSite' as const, data: {}, metadata: metadata(actor) };
    await write(deps, actor, id, { state, revision }, command, deps.newId());
    if (page.site.vanitySlug) await releaseSlug(deps, actor, page.site.vanitySlug, id);
    res.status(204).end();
  };

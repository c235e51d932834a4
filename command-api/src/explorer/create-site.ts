import type { RouteHandler } from '@onboard/api-contract/express';
import type { createExplorerSite } from './routes.contract.ts';
import { createSite, pageView, siteOf, type ExplorerSites } from './context.ts';

/** Staff create a client's site, its vanity URL held first. */
export const createSiteOf =
  ({ deps, metadata, staff }: ExplorerSites): RouteHandler<typeof createExplorerSite> =>
  async (req, res, input) => {
    const actor = await staff(req);
    const body = input.body();
    const explorerPageId = deps.newId();
    const command = {
      type: 'CreateSite' as const,
      data: {
        explorerPageId,
        clientId: String(req.params.clientId),
        pageOwner: body.pageOwner ?? actor.userId,
        site: siteOf(body),
        plans: body.benefits,
      },
      metadata: metadata(actor),
    };
    const { page, revision } = await createSite(deps, actor, command, deps.newId());
    res.status(201).json(pageView(page, revision));
  };

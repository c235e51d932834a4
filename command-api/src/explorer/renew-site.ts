import { decideExplorerSite, renewalOf } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { renewExplorerSite } from './routes.contract.ts';
import {
  accept,
  createSite,
  pageView,
  releaseSlug,
  reserveSlug,
  write,
  type ExplorerSites,
} from './context.ts';

/** Staff renew a site for the next plan year: the old one records the renewal, the new one is created. */
export const renewSite =
  ({ deps, metadata, staffOnSite }: ExplorerSites): RouteHandler<typeof renewExplorerSite> =>
  async (req, res, input) => {
    const { actor, id, page, state, revision } = await staffOnSite(req);
    const body = input.body();
    const newExplorerPageId = deps.newId();
    const create = { ...renewalOf(page, { ...body, newExplorerPageId }), metadata: metadata(actor) };
    // Both decisions and the new slug first, so a refused renewal writes nothing.
    const first = accept(decideExplorerSite(create, { status: 'none' }))[0];
    const renewal = {
      type: 'RecordRenewal' as const,
      data: { newExplorerPageId },
      metadata: metadata(actor),
    };
    accept(decideExplorerSite(renewal, state));
    const slug = first?.type === 'ExplorerSiteCreated' ? first.data.site.vanitySlug : null;
    if (slug) await reserveSlug(deps, actor, slug, newExplorerPageId);
    const correlationId = deps.newId();
    // The marker goes first: its expected revision is what stops two concurrent renewals of one site.
    try {
      await write(deps, actor, id, { state, revision }, renewal, correlationId);
    } catch (error) {
      if (slug) await releaseSlug(deps, actor, slug, newExplorerPageId).catch(() => undefined);
      throw error;
    }
    const created = await createSite(deps, actor, create, correlationId);
    res.status(201).json(pageView(created.page, created.revision));
  };

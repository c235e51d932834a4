import { ConflictError, decideExplorerSite, evolveExplorerSite } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { parseIfMatch } from '../http/validate.ts';
import type { updateExplorerSite } from './routes.contract.ts';
import { accept, pageView, releaseSlug, reserveSlug, siteOf, write, type ExplorerSites } from './context.ts';

/** Staff change a site at the version they saw; a new vanity URL is held first, the old one given back after. */
export const updateSite =
  ({ deps, metadata, staffOnSite }: ExplorerSites): RouteHandler<typeof updateExplorerSite> =>
  async (req, res, input) => {
    const { actor, id, page, state, revision } = await staffOnSite(req);
    const body = input.body();
    const ifMatch = parseIfMatch(req.header('if-match'));
    if (ifMatch !== null && ifMatch !== revision) {
      throw new ConflictError(undefined, { currentVersion: Number(revision) });
    }
    const update = {
      type: 'UpdateSite' as const,
      data: { site: siteOf(body), plans: body.benefits },
      metadata: metadata(actor),
    };
    // Decided first for the slug it holds, so a refused update reserves nothing.
    const events = accept(decideExplorerSite(update, state));
    const next = events.reduce(evolveExplorerSite, state);
    if (next.status !== 'active') throw new Error('updated site did not fold');
    const before = page.site.vanitySlug;
    const after = next.page.site.vanitySlug;
    if (after && after !== before) await reserveSlug(deps, actor, after, id);
    let version: bigint;
    try {
      version = await write(deps, actor, id, { state, revision }, update, deps.newId());
    } catch (error) {
      if (after && after !== before) await releaseSlug(deps, actor, after, id).catch(() => undefined);
      throw error;
    }
    if (before && before !== after) await releaseSlug(deps, actor, before, id);
    res.json(pageView(next.page, version));
  };

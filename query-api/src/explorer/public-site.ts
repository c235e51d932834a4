import {
  NotFoundError,
  ValidationError,
  enrollmentStatus,
  normalizeVanitySlug,
  type ExplorerSite,
} from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { getPublicExplorerSite } from './routes.contract.ts';
import { DEMO_STATUS_ON_LIVE_SITE, publicView, type ExplorerReads } from './context.ts';

/** Anonymous (explorer §2 optional auth): by id or vanity slug, one indexed read of the projection row. */
export const publicSite =
  ({ deps, now, envFor }: ExplorerReads): RouteHandler<typeof getPublicExplorerSite> =>
  async (req, res, input) => {
    const { demoEnrollmentStatus } = input.query();
    const key = String(req.params.idOrSlug);
    const { rows } = await deps.pool.query<{ page: ExplorerSite }>(
      `select page from rm_explorer_pages
          where not is_deleted and (explorer_page_id = $1 or vanity_slug = $2)
          order by explorer_page_id = $1 desc limit 1`,
      [key, normalizeVanitySlug(key)],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('Explorer site not found');
    const at = now();
    const view = publicView(row.page, at, await envFor(row.page.clientId));
    if (demoEnrollmentStatus && view.isLive) {
      throw new ValidationError({ 'query.demoEnrollmentStatus': DEMO_STATUS_ON_LIVE_SITE });
    }
    res.json({ ...view, enrollmentStatus: enrollmentStatus(view, at, demoEnrollmentStatus ?? null) });
  };

import { Router } from 'express';
import { isInternal } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type QueryDeps } from '../http/context.ts';
import { listBenAdminPlatforms } from './routes.contract.ts';

type Row = {
  platform_id: string;
  name: string;
  website: string;
  supports_data_feeds: boolean;
  active: boolean;
  updated_at: Date;
};

/**
 * The benefits-administration platform catalogue (projections/src/ben-admin-platforms.ts) for every
 * signed-in user (the EIF and the Explorer's site form offer it); retired platforms only for staff.
 */
export function benAdminPlatformQueryRoutes(deps: Pick<QueryDeps, 'pool' | 'authenticate'>): Router {
  const router = Router();

  mount(router, listBenAdminPlatforms, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const everyOne = input.query().includeRetired === 'true' && isInternal(actor);
    const { rows } = await deps.pool.query<Row>(
      `select platform_id, name, website, supports_data_feeds, active, updated_at from rm_ben_admin_platforms
       where $1 or active order by lower(name), platform_id`,
      [everyOne],
    );
    res.json(
      rows.map((row) => ({
        platformId: row.platform_id,
        name: row.name,
        website: row.website,
        supportsDataFeeds: row.supports_data_feeds,
        active: row.active,
        updatedAt: row.updated_at.toISOString(),
      })),
    );
  });

  return router;
}

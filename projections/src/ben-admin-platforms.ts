import { BenAdminPlatformEvent } from '@onboard/events';
import { unionProjection } from './each-event.ts';

/**
 * One row per benefits-administration platform, for the catalogue (GET /api/ben-admin-platforms), the
 * EIF's benefits-administration sub-step and the Explorer's site form. A retired platform keeps its row.
 */
export const benAdminPlatformsProjection = unionProjection(
  { name: 'ben-admin-platforms', union: BenAdminPlatformEvent, tables: ['rm_ben_admin_platforms'] },
  async (event, tx) => {
    if (event.type === 'BenAdminPlatformRetired') {
      await tx.query(
        'update rm_ben_admin_platforms set active = false, updated_at = $2 where platform_id = $1',
        [event.data.platformId, event.data.at],
      );
      return;
    }
    const { platformId, name, website, supportsDataFeeds, at } = event.data;
    await tx.query(
      `insert into rm_ben_admin_platforms (platform_id, name, website, supports_data_feeds, active, added_at,
           updated_at)
         values ($1, $2, $3, $4, true, $5, $5)
         on conflict (platform_id) do update set name = excluded.name, website = excluded.website,
           supports_data_feeds = excluded.supports_data_feeds, updated_at = excluded.updated_at`,
      [platformId, name, website, supportsDataFeeds, at],
    );
  },
);

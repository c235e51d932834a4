import { z } from 'zod';

const By = z.object({ userId: z.string(), role: z.string() });

/** What staff write about a benefits-administration platform: every field, as added or as edited. */
const PlatformFields = {
  platformId: z.string(),
  name: z.string(),
  website: z.string(),
  supportsDataFeeds: z.boolean(),
};

/** Staff added a benefits-administration platform to the catalogue; it is active. */
export const BenAdminPlatformAdded = z.object({
  type: z.literal('BenAdminPlatformAdded'),
  data: z.object({ ...PlatformFields, at: z.string(), by: By }),
});

/** Staff edited a platform (its name, website or data-feed support); the event carries every field. */
export const BenAdminPlatformChanged = z.object({
  type: z.literal('BenAdminPlatformChanged'),
  data: z.object({ ...PlatformFields, at: z.string(), by: By }),
});

/** Staff retired a platform: it stays in the catalogue (older answers name it) but is no longer offered. */
export const BenAdminPlatformRetired = z.object({
  type: z.literal('BenAdminPlatformRetired'),
  data: z.object({ platformId: z.string(), at: z.string(), by: By }),
});

export const BenAdminPlatformEvent = z.discriminatedUnion('type', [
  BenAdminPlatformAdded,
  BenAdminPlatformChanged,
  BenAdminPlatformRetired,
]);
export type BenAdminPlatformEvent = z.infer<typeof BenAdminPlatformEvent>;

/** The whole catalogue is one stream, so a duplicate name is refused at the revision read. */
export const BEN_ADMIN_PLATFORMS_STREAM = 'ben-admin-platforms';

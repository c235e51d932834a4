import { z } from 'zod';
import { eventSchema, Stamp } from './schema.ts';

/** What staff write about a benefits-administration platform: every field, as added or as edited. */
const PlatformFields = {
  platformId: z.string(),
  name: z.string(),
  website: z.string(),
  supportsDataFeeds: z.boolean(),
};

/** Staff added a benefits-administration platform to the catalogue; it is active. */
export const BenAdminPlatformAdded = eventSchema('BenAdminPlatformAdded', {
  ...PlatformFields,
  ...Stamp,
});

/** Staff edited a platform (its name, website or data-feed support); the event carries every field. */
export const BenAdminPlatformChanged = eventSchema('BenAdminPlatformChanged', {
  ...PlatformFields,
  ...Stamp,
});

/** Staff retired a platform: it stays in the catalogue (older answers name it) but is no longer offered. */
export const BenAdminPlatformRetired = eventSchema('BenAdminPlatformRetired', {
  platformId: z.string(),
  ...Stamp,
});

export const BenAdminPlatformEvent = z.discriminatedUnion('type', [
  BenAdminPlatformAdded,
  BenAdminPlatformChanged,
  BenAdminPlatformRetired,
]);
export type BenAdminPlatformEvent = z.infer<typeof BenAdminPlatformEvent>;

/** The whole catalogue is one stream, so a duplicate name is refused at the revision read. */
export const BEN_ADMIN_PLATFORMS_STREAM = 'ben-admin-platforms';

import { z } from 'zod';
import { defineRoute, errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { benAdminPlatformFields } from '@onboard/api-contract/views';

/**
 * What staff write for a benefits-administration platform. The name and website are checked by the
 * catalogue's decider, so an empty or duplicate name is a 400 keyed `body.name` like every form.
 */
export const BenAdminPlatformBody = z
  .object({
    name: z.string().max(200),
    website: z.string().max(2000).default(''),
    supportsDataFeeds: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'BenAdminPlatformBody' });

/** A platform as the write left it. */
export const BenAdminPlatformState = z
  .object({ ...benAdminPlatformFields, addedAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'BenAdminPlatformState' });

/** Staff change a platform of the catalogue. */
const platformRoute = routeFamily({
  tag: 'ben-admin-platforms',
  params: pathParams('platformId'),
  responses: {
    ...errors.notStaff,
    404: problem('No such platform'),
    409: problem('The catalogue changed at the same moment'),
  },
});

export const addBenAdminPlatform = defineRoute('POST /api/ben-admin-platforms', {
  tag: 'ben-admin-platforms',
  summary: 'Add a benefits-administration platform to the catalogue (staff)',
  request: { body: BenAdminPlatformBody },
  responses: {
    201: json(BenAdminPlatformState, 'The platform, active'),
    400: problem('Invalid fields, keyed body.<field> (a name already in the catalogue: body.name)'),
    ...errors.notStaff,
  },
});

export const editBenAdminPlatform = platformRoute('PUT /api/ben-admin-platforms/{platformId}', {
  summary: 'Change a platform: every field as it should read (staff)',
  request: { body: BenAdminPlatformBody },
  responses: { 200: json(BenAdminPlatformState, 'The platform'), ...errors.invalidFields },
});

export const retireBenAdminPlatform = platformRoute('POST /api/ben-admin-platforms/{platformId}/retire', {
  summary: 'Retire a platform: no longer offered, still named where it was chosen (staff)',
  responses: { 200: json(BenAdminPlatformState, 'The platform, inactive') },
});

import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

const platformParams = z.object({ platformId: z.string().min(1) });

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
  .object({
    platformId: z.string(),
    name: z.string(),
    website: z.string(),
    supportsDataFeeds: z.boolean(),
    active: z.boolean(),
    addedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BenAdminPlatformState' });

export const addBenAdminPlatform = defineRoute({
  method: 'post',
  path: '/api/ben-admin-platforms',
  tag: 'ben-admin-platforms',
  summary: 'Add a benefits-administration platform to the catalogue (staff)',
  request: { body: BenAdminPlatformBody },
  responses: {
    201: json(BenAdminPlatformState, 'The platform, active'),
    400: problem('Invalid fields, keyed body.<field> (a name already in the catalogue: body.name)'),
    403: problem('Not staff'),
  },
});

export const editBenAdminPlatform = defineRoute({
  method: 'put',
  path: '/api/ben-admin-platforms/{platformId}',
  tag: 'ben-admin-platforms',
  summary: 'Change a platform: every field as it should read (staff)',
  request: { params: platformParams, body: BenAdminPlatformBody },
  responses: {
    200: json(BenAdminPlatformState, 'The platform'),
    400: problem('Invalid fields, keyed body.<field>'),
    403: problem('Not staff'),
    404: problem('No such platform'),
    409: problem('The catalogue changed at the same moment'),
  },
});

export const retireBenAdminPlatform = defineRoute({
  method: 'post',
  path: '/api/ben-admin-platforms/{platformId}/retire',
  tag: 'ben-admin-platforms',
  summary: 'Retire a platform: no longer offered, still named where it was chosen (staff)',
  request: { params: platformParams },
  responses: {
    200: json(BenAdminPlatformState, 'The platform, inactive'),
    403: problem('Not staff'),
    404: problem('No such platform'),
    409: problem('The catalogue changed at the same moment'),
  },
});

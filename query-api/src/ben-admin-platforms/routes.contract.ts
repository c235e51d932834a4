import { z } from 'zod';
import { defineRoute, json } from '@onboard/api-contract';
import { benAdminPlatformFields } from '@onboard/api-contract/views';

/** A benefits-administration platform as the catalogue lists it. */
export const BenAdminPlatformView = z
  .object({ ...benAdminPlatformFields, updatedAt: z.string() })
  .meta({ id: 'BenAdminPlatform' });

export const BenAdminPlatformQuery = z
  .object({
    includeRetired: z
      .enum(['true', 'false'])
      .optional()
      .meta({ description: 'Staff only: retired platforms too' }),
  })
  .strip();

export const listBenAdminPlatforms = defineRoute('GET /api/ben-admin-platforms', {
  tag: 'ben-admin-platforms',
  summary:
    'The benefits-administration platform catalogue by name: the active platforms, or every one for staff asking includeRetired',
  request: { query: BenAdminPlatformQuery },
  responses: { 200: json(z.array(BenAdminPlatformView), 'The platforms, by name') },
});

import { z } from 'zod';
import { errors, noContent, problem, routeFamily } from '@onboard/api-contract';
import { FEATURE_TOGGLE_NAMES } from '@onboard/domain';

const toggleParams = z.object({
  toggle: z
    .string()
    .min(1)
    .meta({ description: FEATURE_TOGGLE_NAMES.join(', ') }),
});

/** A toggle switched for everyone (no clientId) or for one client (an override of the global value). */
export const FeatureToggleBody = z
  .object({ enabled: z.boolean(), clientId: z.string().min(1).nullable().default(null) })
  .strict()
  .meta({ id: 'FeatureToggleBody' });

/** Staff switch a toggle. */
const toggleRoute = routeFamily({ tag: 'platform', params: toggleParams, responses: errors.notStaff });

export const setFeatureToggle = toggleRoute('PUT /api/feature-toggles/{toggle}', {
  summary: 'Switch a feature toggle globally or for one client (staff)',
  request: { body: FeatureToggleBody },
  responses: {
    204: noContent('Switched (nothing recorded when it was already so)'),
    400: problem('No such toggle, keyed body.toggle'),
  },
});

export const clearFeatureToggleOverride = toggleRoute(
  'DELETE /api/feature-toggles/{toggle}/clients/{clientId}',
  {
    summary: 'Remove a client’s override: the client follows the global value again (staff)',
    request: { params: toggleParams.extend({ clientId: z.string().min(1) }) },
    responses: {
      204: noContent('Removed'),
      404: problem('The client has no override of this toggle'),
    },
  },
);

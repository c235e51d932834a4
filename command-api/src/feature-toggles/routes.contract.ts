import { z } from 'zod';
import { defineRoute, noContent, problem } from '@onboard/api-contract';
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

export const setFeatureToggle = defineRoute({
  method: 'put',
  path: '/api/feature-toggles/{toggle}',
  tag: 'platform',
  summary: 'Switch a feature toggle globally or for one client (staff)',
  request: { params: toggleParams, body: FeatureToggleBody },
  responses: {
    204: noContent('Switched (nothing recorded when it was already so)'),
    400: problem('No such toggle, keyed body.toggle'),
    403: problem('Not staff'),
  },
});

export const clearFeatureToggleOverride = defineRoute({
  method: 'delete',
  path: '/api/feature-toggles/{toggle}/clients/{clientId}',
  tag: 'platform',
  summary: 'Remove a client’s override: the client follows the global value again (staff)',
  request: { params: toggleParams.extend({ clientId: z.string().min(1) }) },
  responses: {
    204: noContent('Removed'),
    403: problem('Not staff'),
    404: problem('The client has no override of this toggle'),
  },
});

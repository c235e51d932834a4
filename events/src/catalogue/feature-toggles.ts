import { z } from 'zod';

const By = z.object({ userId: z.string(), role: z.string() });

/**
 * Staff set a feature toggle: globally (`clientId` null) or for one client, overriding the global value
 * for that client only.
 */
export const FeatureToggleSet = z.object({
  type: z.literal('FeatureToggleSet'),
  data: z.object({
    toggle: z.string(),
    clientId: z.string().nullable(),
    enabled: z.boolean(),
    at: z.string(),
    by: By,
  }),
});
export type FeatureToggleSet = z.infer<typeof FeatureToggleSet>;

/** Staff removed a client's override: the client follows the global value again. */
export const FeatureToggleOverrideCleared = z.object({
  type: z.literal('FeatureToggleOverrideCleared'),
  data: z.object({ toggle: z.string(), clientId: z.string(), at: z.string(), by: By }),
});
export type FeatureToggleOverrideCleared = z.infer<typeof FeatureToggleOverrideCleared>;

export const FeatureToggleEvent = z.discriminatedUnion('type', [
  FeatureToggleSet,
  FeatureToggleOverrideCleared,
]);
export type FeatureToggleEvent = z.infer<typeof FeatureToggleEvent>;

/** Every feature toggle, global and per client, is one stream. */
export const FEATURE_TOGGLES_STREAM = 'feature-toggles';

import { z } from 'zod';
import { eventSchema, Stamp } from './schema.ts';

/**
 * Staff set a feature toggle: globally (`clientId` null) or for one client, overriding the global value
 * for that client only.
 */
export const FeatureToggleSet = eventSchema('FeatureToggleSet', {
  toggle: z.string(),
  clientId: z.string().nullable(),
  enabled: z.boolean(),
  ...Stamp,
});
export type FeatureToggleSet = z.infer<typeof FeatureToggleSet>;

/** Staff removed a client's override: the client follows the global value again. */
export const FeatureToggleOverrideCleared = eventSchema('FeatureToggleOverrideCleared', {
  toggle: z.string(),
  clientId: z.string(),
  ...Stamp,
});
export type FeatureToggleOverrideCleared = z.infer<typeof FeatureToggleOverrideCleared>;

export const FeatureToggleEvent = z.discriminatedUnion('type', [
  FeatureToggleSet,
  FeatureToggleOverrideCleared,
]);
export type FeatureToggleEvent = z.infer<typeof FeatureToggleEvent>;

/** Every feature toggle, global and per client, is one stream. */
export const FEATURE_TOGGLES_STREAM = 'feature-toggles';

import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';
import { FEATURE_TOGGLE_NAMES } from '@onboard/domain';

export const FeatureToggleView = z
  .object({
    name: z.enum(FEATURE_TOGGLE_NAMES as [string, ...string[]]),
    label: z.string(),
    description: z.string(),
    enabled: z.boolean(),
    source: z
      .enum(['default', 'global', 'client'])
      .meta({ description: 'default: never set; global: set for everyone; client: this client’s override' }),
    globalEnabled: z.boolean().meta({ description: 'The value everyone without an override gets' }),
    globalOnly: z.boolean().meta({ description: 'Set for everyone only: no client overrides it' }),
    overrides: z
      .array(z.object({ clientId: z.string(), clientName: z.string(), enabled: z.boolean() }))
      .meta({ description: 'Every client’s override, by client name (staff only; empty for others)' }),
    lastChange: z
      .object({ at: z.string(), byName: z.string() })
      .nullable()
      .meta({ description: 'Who set the value shown, and when (staff only; null: its default)' }),
  })
  .meta({ id: 'FeatureToggle' });

export const FeatureTogglesAnswer = z
  .object({
    clientId: z.string().nullable(),
    clientName: z.string().nullable().meta({ description: 'The client’s name when clientId is given' }),
    toggles: z.array(FeatureToggleView),
  })
  .meta({ id: 'FeatureToggles' });

export const getFeatureToggles = defineRoute('GET /api/feature-toggles', {
  tag: 'platform',
  summary: 'Every feature toggle: the global value merged with the client’s override when clientId is given',
  request: { query: z.object({ clientId: z.string().min(1).optional() }) },
  responses: {
    200: json(FeatureTogglesAnswer, 'The toggles'),
    403: problem('No access to this client'),
  },
});

export const Configuration = z
  .object({
    version: z
      .string()
      .meta({ description: 'The build’s id: a cached configuration of another version is replaced' }),
    environment: z.enum(['local', 'qa', 'stage', 'prod', 'unknown']),
    supportEmail: z.string(),
    helpCenterUrl: z.string(),
    legalLinks: z
      .object({ legal: z.string(), privacy: z.string(), security: z.string(), fraud: z.string() })
      .meta({ description: 'Where the legal footer’s links go' }),
    analytics: z.object({ writeKey: z.string(), apiHost: z.string().nullable() }).nullable(),
    errorReporting: z.object({ dsn: z.string(), tracesSampleRate: z.number() }).nullable(),
    features: z.array(z.object({ name: z.string(), enabled: z.boolean() })),
  })
  .meta({ id: 'Configuration' });

export const getConfiguration = defineRoute('GET /api/configuration', {
  tag: 'platform',
  summary:
    'The portal’s configuration (public: error pages and sign-in need it): environment from the host, support, analytics, error reporting, the global feature toggles',
  isSignedIn: false,
  responses: { 200: json(Configuration, 'The configuration') },
});

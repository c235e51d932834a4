export { featureToggleQueryRoutes, type FeatureToggleQueryDeps, type PlatformSettings } from './routes.ts';
export { BUILT_IN_TOGGLE_DEFAULTS, resolvedToggles, type FeatureToggleDefaults } from './read.ts';

export { onboardingFormQueryRoutes } from './routes.ts';
export type { OnboardingFormQueryDeps } from './context.ts';
export { completedFormsForEvidence, type EvidenceDeps } from './evidence.ts';

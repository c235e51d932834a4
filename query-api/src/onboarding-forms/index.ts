export { onboardingFormQueryRoutes, type OnboardingFormQueryDeps } from './routes.ts';
export { completedFormsForEvidence, type EvidenceDeps } from './evidence.ts';

export { onboardingFormQueryRoutes, type OnboardingFormQueryDeps } from './routes.ts';
export { completedFormsForEvidence, type CompletedFormEvidence, type EvidenceDeps } from './evidence.ts';

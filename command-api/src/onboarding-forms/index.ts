export { onboardingFormCommandRoutes, type OnboardingFormCommandDeps } from './routes.ts';

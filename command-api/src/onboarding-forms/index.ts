export { onboardingFormCommandRoutes, type OnboardingFormCommandDeps } from './routes.ts';
export { onboardingFormEmails, type OnboardingFormEmailDeps } from './emails.ts';

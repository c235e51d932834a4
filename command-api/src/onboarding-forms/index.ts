export { onboardingFormCommandRoutes } from './routes.ts';
export type { OnboardingFormCommandDeps } from './context.ts';
export { onboardingFormEmails, type OnboardingFormEmailDeps } from './emails.ts';

import { onboardingFormCommandRoutes } from '@onboard/command-api/onboarding-forms';
import { onboardingFormQueryRoutes } from '@onboard/query-api/onboarding-forms';
import { commandDepsOf, mailOf, type Wiring } from './context.ts';

/** Onboarding forms with Onboard's own e-signature. */
export function wireOnboardingForms(w: Wiring) {
  const { app, has, pool, documents, eSignature, identity, now } = w;
  if (has('command-api'))
    app.use(onboardingFormCommandRoutes({ ...commandDepsOf(w), pool, documents, eSignature, ...mailOf(w) }));
  if (has('query-api'))
    app.use(
      onboardingFormQueryRoutes({ pool, authenticate: identity.authenticate, documents, eSignature, now }),
    );
}

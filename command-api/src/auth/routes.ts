import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
import { type AuthDeps } from './deps.ts';
import {
  acceptTermsOfUse,
  activateMfa,
  challengeMfa,
  describeAuthLink,
  enrollMfa,
  exchangeSessionToken,
  getAuthenticatedUser,
  getCsrfCookie,
  redeemSignInLink,
  refreshSession,
  requestPasswordResetEmail,
  requestSignInLink,
  signIn,
  signOut,
  upsertPasswordFromLink,
  verifyMfa,
} from './routes.contract.ts';
import { signInSteps } from './sign-in-steps.ts';
import { answerCsrfCookie } from './csrf-cookie.ts';
import { passwordStep } from './sign-in.ts';
import { enrolStep } from './enroll-mfa.ts';
import { activateStep } from './activate-mfa.ts';
import { challengeStep } from './challenge-mfa.ts';
import { verifyStep } from './verify-mfa.ts';
import { exchangeStep } from './exchange-session-token.ts';
import { currentUser } from './current-user.ts';
import { refresh } from './refresh-session.ts';
import { signOutHandler } from './sign-out.ts';
import { acceptTerms } from './accept-terms.ts';
import { describeLinkHandler } from './describe-link.ts';
import { setPasswordFromLink } from './set-password.ts';
import { emailSignInLink } from './request-sign-in-link.ts';
import { redeemLink } from './redeem-sign-in-link.ts';
import { emailPasswordReset } from './request-password-reset.ts';

/**
 * The sign-in step machine (platform §4) and the session calls. Onboard is its own identity provider:
 * password -> (enrol or challenge) TOTP -> a one-time session token -> the exchange that sets cookies.
 */
export function createAuthApi(deps: AuthDeps): Router {
  const router = Router();
  const steps = signInSteps(deps);

  mount(router, getCsrfCookie, answerCsrfCookie);

  mount(router, signIn, passwordStep(steps));

  mount(router, enrollMfa, enrolStep(steps));

  mount(router, activateMfa, activateStep(steps));

  mount(router, challengeMfa, challengeStep(steps));

  mount(router, verifyMfa, verifyStep(steps));

  mount(router, exchangeSessionToken, exchangeStep(steps));

  mount(router, getAuthenticatedUser, currentUser(steps));

  mount(router, refreshSession, refresh(steps));

  mount(router, signOut, signOutHandler(steps));

  mount(router, acceptTermsOfUse, acceptTerms(steps));

  mount(router, describeAuthLink, describeLinkHandler(steps));

  mount(router, upsertPasswordFromLink, setPasswordFromLink(steps));

  mount(router, requestSignInLink, emailSignInLink(steps));

  mount(router, redeemSignInLink, redeemLink(steps));

  mount(router, requestPasswordResetEmail, emailPasswordReset(steps));

  return router;
}

import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
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
  return routerOf(signInSteps(deps), [
    handle(getCsrfCookie, () => answerCsrfCookie),
    handle(signIn, passwordStep),
    handle(enrollMfa, enrolStep),
    handle(activateMfa, activateStep),
    handle(challengeMfa, challengeStep),
    handle(verifyMfa, verifyStep),
    handle(exchangeSessionToken, exchangeStep),
    handle(getAuthenticatedUser, currentUser),
    handle(refreshSession, refresh),
    handle(signOut, signOutHandler),
    handle(acceptTermsOfUse, acceptTerms),
    handle(describeAuthLink, describeLinkHandler),
    handle(upsertPasswordFromLink, setPasswordFromLink),
    handle(requestSignInLink, emailSignInLink),
    handle(redeemSignInLink, redeemLink),
    handle(requestPasswordResetEmail, emailPasswordReset),
  ]);
}

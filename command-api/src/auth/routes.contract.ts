import { z } from 'zod';
import { json, noContent, problem, routeFamily, type ResponseSpec } from '@onboard/api-contract';
import { AuthenticatedUser } from '@onboard/api-contract/views';

/** Every throttled route's 429 (command-api/src/http/throttle.ts), with a Retry-After header. */
export const tooManyAttempts = problem(
  'TOO_MANY_ATTEMPTS: over the limit for this address or account; Retry-After gives the seconds to wait',
);

export const SignInBody = z.object({
  username: z.string().trim().min(1, 'Enter your e-mail').max(320),
  password: z.string().min(1, 'Enter your password').max(1024),
});

export const FactorBody = z.object({
  stateToken: z.string().min(1).max(2048),
  factorId: z.literal('totp', { message: "There's no MFA factor option configured" }),
});

export const PassCodeBody = z.object({
  stateToken: z.string().min(1).max(2048),
  passCode: z.string().trim().max(16),
  rememberDevice: z.boolean().optional().default(false),
});

export const ExchangeBody = z.object({ sessionToken: z.string().min(1).max(256) });

export const PasswordUpsertBody = z.object({
  token: z.string().min(1).max(256),
  password: z.string().max(1024),
});

export const TOTP_FACTOR = { id: 'totp', factorType: 'token:software:totp' } as const;

const TotpFactor = z.object({ id: z.literal('totp'), factorType: z.literal('token:software:totp') });
const SignInStep = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('LOCKED_OUT'), message: z.string() }),
    z.object({ status: z.literal('PASSWORD_EXPIRED'), message: z.string() }),
    z.object({ status: z.literal('MFA_ENROLL'), stateToken: z.string(), factors: z.array(TotpFactor) }),
    z.object({ status: z.literal('MFA_REQUIRED'), stateToken: z.string(), factors: z.array(TotpFactor) }),
    z.object({
      status: z.literal('MFA_ENROLL_ACTIVATE'),
      stateToken: z.string(),
      factor: TotpFactor,
      activation: z.object({ otpauthUri: z.string(), sharedSecret: z.string(), qrCodeDataUri: z.string() }),
    }),
    z.object({ status: z.literal('MFA_CHALLENGE'), stateToken: z.string(), factor: TotpFactor }),
    z.object({
      status: z.literal('SUCCESS'),
      sessionToken: z.string().meta({ description: 'Single use, exchanged within 2 minutes' }),
    }),
  ])
  .meta({ id: 'SignInStep' });

/** The sign-in steps and the session calls. */
const authRoute = routeFamily({ tag: 'auth' });

export const getCsrfCookie = authRoute('GET /api/auth/csrf', {
  summary: 'Sets the readable CSRF cookie',
  isSignedIn: false,
  responses: { 204: noContent('The CSRF cookie set') },
});

/** A step of the sign-in; `refused` the answer of its own it may give besides a wrong input. */
const signInStep = <
  const P extends `/${string}`,
  const B extends z.ZodType,
  const R extends Readonly<Record<number, ResponseSpec>>,
>(
  path: P,
  summary: string,
  body: B,
  refused: R,
) =>
  authRoute(`POST ${path}`, {
    summary,
    isSignedIn: false,
    request: { body },
    responses: {
      200: json(SignInStep, 'The next step'),
      401: problem('Wrong credentials, code or state token'),
      ...refused,
    },
  });
const throttled = { 429: tooManyAttempts };
/** Enrolment steps: a user who already has a factor is refused (an administrator resets MFA first). */
const enrolled = { 409: problem('A second factor is already set up') };
export const signIn = signInStep('/api/auth/sign-in', 'E-mail and password', SignInBody, throttled);
export const enrollMfa = signInStep('/api/auth/mfa/enroll', 'Start TOTP enrolment', FactorBody, enrolled);
export const activateMfa = signInStep(
  '/api/auth/mfa/activate',
  'Confirm enrolment with a first code',
  PassCodeBody,
  enrolled,
);
export const challengeMfa = signInStep(
  '/api/auth/mfa/challenge',
  'Ask for a TOTP code',
  FactorBody,
  throttled,
);
export const verifyMfa = signInStep('/api/auth/mfa/verify', 'Check a TOTP code', PassCodeBody, throttled);

export const exchangeSessionToken = authRoute('POST /api/users/authenticated', {
  summary: 'Exchange the session token for session cookies',
  isSignedIn: false,
  request: { body: ExchangeBody },
  responses: {
    200: json(AuthenticatedUser, 'Signed in'),
    401: problem('Token unknown, used or expired'),
  },
});
export const getAuthenticatedUser = authRoute('GET /api/users/authenticated', {
  summary: 'The signed-in user, or null',
  isSignedIn: false,
  responses: {
    200: json(AuthenticatedUser.nullable(), 'The user, or null when signed out'),
    401: problem('INVALID_TOKEN: a session cookie that is no longer valid'),
  },
});
export const refreshSession = authRoute('POST /api/auth/refresh', {
  summary: 'Rotate the refresh token',
  isSignedIn: false,
  responses: { 204: noContent('New cookies set'), 401: problem('Refresh token invalid or reused') },
});
export const signOut = authRoute('POST /api/users/authenticated/logout', {
  summary: 'Sign out',
  isSignedIn: false,
  responses: { 204: noContent('Session revoked, cookies cleared') },
});
export const acceptTermsOfUse = authRoute('POST /api/users/terms-of-use', {
  summary: 'Accept the terms of use',
  responses: { 204: noContent('Recorded') },
});
export const describeAuthLink = authRoute('GET /api/users/auth-token/{token}', {
  summary: 'What an activation or reset link is for',
  isSignedIn: false,
  request: { params: z.object({ token: z.string() }) },
  responses: {
    200: json(
      z.object({
        email: z.string(),
        firstName: z.string(),
        purpose: z.enum(['ACTIVATE', 'REACTIVATE', 'RESET_PASSWORD']),
      }),
      'The link’s user and purpose',
    ),
    404: problem('EXPIRED_LINK: expired or used'),
  },
});
export const upsertPasswordFromLink = authRoute('POST /api/users/password-upsert', {
  summary: 'Set the password from a link',
  isSignedIn: false,
  request: { body: PasswordUpsertBody },
  responses: {
    204: noContent('Password set'),
    400: problem('Password refused by the policy'),
    404: problem('EXPIRED_LINK: expired or used'),
    429: tooManyAttempts,
  },
});
export const requestSignInLink = authRoute('POST /api/auth/sign-in-link', {
  summary:
    'E-mail a single-use sign-in link (always 204), offered once the account’s password sign-in is ' +
    'throttled (a 429 with `signInLink: true`); the link still asks the second factor',
  isSignedIn: false,
  request: { body: z.object({ username: z.string().trim().min(1, 'Enter your e-mail').max(320) }) },
  responses: {
    204: noContent('Sent if the address belongs to a user with a second factor'),
    429: tooManyAttempts,
  },
});
export const redeemSignInLink = authRoute('POST /api/auth/sign-in-link/redeem', {
  summary: 'Spend an e-mailed sign-in link: the next step is always the second factor (MFA_REQUIRED)',
  isSignedIn: false,
  request: { body: z.object({ token: z.string().min(1).max(256) }) },
  responses: {
    200: json(SignInStep, 'The next step'),
    404: problem('EXPIRED_LINK: unknown, used or expired'),
    429: tooManyAttempts,
  },
});

export const requestPasswordResetEmail = authRoute('POST /api/users/reset-password/{email}', {
  summary: 'E-mail a reset link (always 204)',
  isSignedIn: false,
  request: { params: z.object({ email: z.string().min(1) }) },
  responses: { 204: noContent('Sent if the address belongs to a user'), 429: tooManyAttempts },
});

import { call, type Answer, type Body } from '../../api/client.ts';
import { ensureCsrfCookie } from '../../api/http.ts';
import type { AuthenticatedUser } from '../../api/types.ts';

/**
 * The sign-in step machine of spec platform §4, answered by the identity API (identity contract). It reads
 * each step's answer defensively, as any status with any of the fields, so an answer it does not expect
 * (another factor, a missing token) is refused in words instead of failing.
 */
type StepAnswer = Answer<'post', '/api/auth/sign-in'>;
type StepWith<S extends StepAnswer['status']> = Extract<StepAnswer, { status: S }>;

/** A factor as a step names it, read as any id and type (one this product does not enrol is refused). */
export type Factor = { [K in keyof StepWith<'MFA_CHALLENGE'>['factor']]: string };
export type TotpActivation = StepWith<'MFA_ENROLL_ACTIVATE'>['activation'];

/** The fields of every member of a union, and what any member holds in one of them. */
type KeysOf<T> = T extends unknown ? keyof T : never;
type FieldOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/** Any step's answer read defensively: any status, each step's fields optional, factors of any type. */
export type SignInAnswer = { status: string; factors?: Factor[]; factor?: Factor } & {
  [K in Exclude<KeysOf<StepAnswer>, 'status' | 'factors' | 'factor'>]?: FieldOf<StepAnswer, K>;
};

export const NO_FACTOR_MESSAGE = "There's no MFA factor option configured";
export const MANY_FACTORS_MESSAGE = "There's more than one MFA factor option configured";
export const INCONSISTENT_FACTOR_MESSAGE =
  'Inconsistent MFA factor config: only authenticator apps are supported';
export const MISSING_SESSION_TOKEN_MESSAGE = 'Missing sessionToken from response';
const MISSING_STATE_TOKEN_MESSAGE = 'Inconsistent sign-in config: missing stateToken in response';
const unknownStatusMessage = (status: string) => `Unknown process status: ${status}`;

/** Authenticator apps (TOTP) are the only factor type this product enrols automatically. */
const isAuthenticatorFactor = (factor: Factor) => factor.factorType.startsWith('token:software:totp');

/** What to do with one answer: call the next endpoint, ask the user for something, or stop. */
export type NextAction =
  | { type: 'enroll'; stateToken: string; factorId: string }
  | { type: 'challenge'; stateToken: string; factorId: string }
  | { type: 'activate'; stateToken: string; activation: TotpActivation }
  | { type: 'verify'; stateToken: string }
  | { type: 'exchange'; sessionToken: string }
  | { type: 'refuse'; message: string };

function singleFactor(factors: Factor[] | undefined): Factor | string {
  const list = factors ?? [];
  if (list.length === 0) return NO_FACTOR_MESSAGE;
  if (list.length > 1) return MANY_FACTORS_MESSAGE;
  return list[0]!;
}

export function nextAction(answer: SignInAnswer): NextAction {
  const needsState = (build: (stateToken: string) => NextAction): NextAction =>
    answer.stateToken ? build(answer.stateToken) : { type: 'refuse', message: MISSING_STATE_TOKEN_MESSAGE };

  switch (answer.status) {
    case 'SUCCESS':
      return answer.sessionToken
        ? { type: 'exchange', sessionToken: answer.sessionToken }
        : { type: 'refuse', message: MISSING_SESSION_TOKEN_MESSAGE };
    case 'MFA_ENROLL': {
      const factor = singleFactor(answer.factors);
      if (typeof factor === 'string') return { type: 'refuse', message: factor };
      if (!isAuthenticatorFactor(factor)) return { type: 'refuse', message: INCONSISTENT_FACTOR_MESSAGE };
      return needsState((stateToken) => ({ type: 'enroll', stateToken, factorId: factor.id }));
    }
    case 'MFA_ENROLL_ACTIVATE':
      if (!answer.activation)
        return { type: 'refuse', message: 'Inconsistent MFA enrolment config: missing activation' };
      return needsState((stateToken) => ({ type: 'activate', stateToken, activation: answer.activation! }));
    case 'MFA_REQUIRED': {
      const factor = singleFactor(answer.factors);
      if (typeof factor === 'string') return { type: 'refuse', message: factor };
      return needsState((stateToken) => ({ type: 'challenge', stateToken, factorId: factor.id }));
    }
    case 'MFA_CHALLENGE':
      return needsState((stateToken) => ({ type: 'verify', stateToken }));
    case 'LOCKED_OUT':
    case 'PASSWORD_EXPIRED':
      return {
        type: 'refuse',
        message:
          answer.message ??
          (answer.status === 'LOCKED_OUT'
            ? 'Your account is locked for security reasons. Please, try again in about 60 minutes'
            : 'Your password has expired.'),
      };
    default:
      return { type: 'refuse', message: unknownStatusMessage(answer.status) };
  }
}

/** Where the machine rests: waiting for the user, or finished with a user signed in. */
export type Resting =
  | { type: 'activate'; stateToken: string; activation: TotpActivation }
  | { type: 'verify'; stateToken: string }
  | { type: 'refuse'; message: string }
  | { type: 'signed-in'; user: AuthenticatedUser };

/** The factor as the answer named it; the server refuses, in words, one it does not offer. */
const asFactorId = (factorId: string) => factorId as Body<'post', '/api/auth/mfa/enroll'>['factorId'];

/** A sign-in step's call, after the CSRF cookie it needs; a 401 is the step's answer, not a sign-out. */
const authCall = async (
  send: (asGuest: { params: object; skipLoginRedirect: true }) => Promise<StepAnswer>,
): Promise<SignInAnswer> => {
  await ensureCsrfCookie();
  return send({ params: {}, skipLoginRedirect: true });
};

/**
 * Once per sign-in, when it completes: stamps the user's firstLogin and lastLogin (platform §7 Other). The
 * stamps are bookkeeping, so the sign-in never waits for them and a failure is not shown.
 */
function recordLoggedIn() {
  void call('post', '/api/users/authenticated/logged-in', { params: {}, skipLoginRedirect: true }).catch(
    () => undefined,
  );
}

/** Runs the automatic steps (enrol, challenge, token exchange) until the user has to act or it ends. */
async function advance(answer: SignInAnswer): Promise<Resting> {
  let current = answer;
  for (;;) {
    const action = nextAction(current);
    switch (action.type) {
      case 'enroll':
      case 'challenge':
        current = await authCall((asGuest) =>
          call('post', `/api/auth/mfa/${action.type}`, {
            ...asGuest,
            body: { stateToken: action.stateToken, factorId: asFactorId(action.factorId) },
          }),
        );
        break;
      case 'exchange': {
        await ensureCsrfCookie();
        const user: AuthenticatedUser = await call('post', '/api/users/authenticated', {
          params: {},
          body: { sessionToken: action.sessionToken },
          skipLoginRedirect: true,
        });
        recordLoggedIn();
        return { type: 'signed-in', user };
      }
      case 'activate':
      case 'verify':
      case 'refuse':
        return action;
      default: {
        const unreachable: never = action;
        throw new Error(`Unhandled sign-in action ${String(unreachable)}`);
      }
    }
  }
}

export const startSignIn = async (username: string, password: string) =>
  advance(
    await authCall((asGuest) =>
      call('post', '/api/auth/sign-in', { ...asGuest, body: { username, password } }),
    ),
  );

export const submitPassCode = async (
  step: 'activate' | 'verify',
  stateToken: string,
  passCode: string,
  rememberDevice: boolean,
) =>
  advance(
    await authCall((asGuest) =>
      call('post', `/api/auth/mfa/${step}`, { ...asGuest, body: { stateToken, passCode, rememberDevice } }),
    ),
  );

/** A 429 held by the account's count offers an e-mailed sign-in link (`signInLink: true`). */
export const offersSignInLink = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { signInLink?: unknown }).signInLink === true;

export const SIGN_IN_LINK_SENT_MESSAGE =
  'If an account uses this address, we have e-mailed it a sign-in link. It works once, for 15 minutes, and still asks for the code from your authenticator app.';

/** 'Email me a sign-in link': always answered alike. */
export async function requestSignInLink(username: string): Promise<void> {
  await ensureCsrfCookie();
  await call('post', '/api/auth/sign-in-link', { params: {}, body: { username }, skipLoginRedirect: true });
}

/** The e-mailed link (`/login?signInLink=…`), spent: the next step is the second factor. */
export const startSignInFromLink = async (token: string) =>
  advance(
    await authCall((asGuest) =>
      call('post', '/api/auth/sign-in-link/redeem', { ...asGuest, body: { token } }),
    ),
  );

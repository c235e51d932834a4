/**
 * The identity provider: sign-in with password and TOTP, sessions, activation and reset links. platform/
 * mounts `createAuthApi`, injects `createAuthenticate` into every API and applies `csrfProtection`.
 */
export { createAuthApi } from './routes.ts';
export { enrolTotpSecret } from './demo-enrolment.ts';
export {
  createAuthenticate,
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  CSRF_COOKIE,
  DEVICE_COOKIE,
  CSRF_HEADER,
  type ClientStanding,
} from './sessions.ts';
export { csrfProtection } from './csrf.ts';
export {
  sendActivationEmail,
  createActivationLink,
  sendPasswordReset,
  resetMfa,
  setPassword,
  ExpiredLinkError,
  type LinkPurpose,
} from './links.ts';
export { hashPassword, readCredentials, storePassword } from './credentials.ts';
export {
  registerUser,
  executeUserCommand,
  loadUser,
  findActiveUserByEmail,
  reserveEmail,
  releaseEmail,
  awaitUserProjected,
  EmailTakenError,
  SYSTEM_ACTOR,
  type EventActor,
  type UserStoreDeps,
} from './users.ts';
export { keyRingFor } from './secrets.ts';
export { signStateToken } from './tokens.ts';
export { MFA_ALREADY_ENROLLED_MESSAGE } from './sign-in-steps.ts';
export { readAuthenticatedUser, type AuthenticatedUser } from './authenticated-user.ts';
export type { EmailSender, OutgoingEmail } from './email-port.ts';
export * from './deps.ts';

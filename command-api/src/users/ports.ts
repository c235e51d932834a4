import type { Actor } from '@onboard/domain';

/**
 * What user administration needs from the identity side (command-api/src/auth): sending the e-mails and
 * clearing the second factor, each recorded as done by the acting admin. Injected so this folder does not depend on how sign-in is built.
 */
export type UserAccountPort = {
  /** E-mails an activation link and records UserWelcomeEmailSent. */
  sendActivationEmail: (userId: string, actor: Actor) => Promise<unknown>;
  sendPasswordReset: (userId: string, actor: Actor) => Promise<unknown>;
  /** Forgets the enrolled factor (records UserMfaReset); the next sign-in enrols again. */
  resetMfa: (userId: string, actor: Actor) => Promise<unknown>;
  /** Issues a fresh activation link without e-mailing it, for an admin to copy (platform §6). */
  createActivationLink: (userId: string, actor: Actor) => Promise<string>;
};

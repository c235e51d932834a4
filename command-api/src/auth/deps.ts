import type { Throttle } from '../http/throttle.ts';
import type { EmailSender } from './email-port.ts';
import type { UserStoreDeps } from './users.ts';

export type AuthLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
};

/** What the identity provider needs; platform/ builds it (embedded e-mail sender, the app's clock). */
export type AuthDeps = UserStoreDeps & {
  /**
   * SESSION_SECRET: every signing and encryption key is derived from it. A list (newest first) rotates
   * keys: the newest signs and encrypts, every one verifies and decrypts.
   */
  sessionSecret: string | readonly string[];
  emailSender: EmailSender;
  /** Base of the links in e-mails (PUBLIC_URL, default the app's own URL, known only once it listens). */
  publicUrl: () => string;
  passwordMaxAgeDays: number;
  logger: AuthLogger;
  /** Counts sign-in, MFA, reset and activation attempts per address and account (command-api/src/http/throttle.ts). */
  throttle: Throttle;
};

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MINUTES = 60;
export const EXCHANGE_TOKEN_MINUTES = 2;
export const SESSION_HOURS = 8;
export const DEVICE_DAYS = 30;
export const ACTIVATION_LINK_DAYS = 7;
export const RESET_LINK_HOURS = 1;
/** How long an e-mailed sign-in link works (once). */
export const SIGN_IN_LINK_MINUTES = 15;

export const LOCKED_OUT_MESSAGE =
  'Your account is locked for security reasons. Please, try again in about 60 minutes';
export const PASSWORD_EXPIRED_MESSAGE = 'Your password has expired.';
export const INVALID_CREDENTIALS_MESSAGE = 'The username or password you entered is incorrect.';
export const INVALID_PASSCODE_MESSAGE = "Your code doesn't match our records. Please try again.";
export const EXPIRED_LINK_MESSAGE = 'This link has expired or has already been used. Ask for a new one.';

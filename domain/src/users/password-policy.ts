/**
 * The password rule (identity contract): at least 12 characters, three of the four character classes,
 * and not the e-mail's local part, which is the first thing a guesser tries. Pure, so the web can show
 * the same message before the server refuses.
 */
export const PASSWORD_POLICY_MESSAGE =
  'Use at least 12 characters with three of: lowercase letters, uppercase letters, digits and symbols. Do not use your e-mail name.';

export const PASSWORD_MIN_LENGTH = 12;
export const DEFAULT_PASSWORD_MAX_AGE_DAYS = 90;

const CLASSES = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u];

export type PasswordCheck = { ok: true } | { ok: false; message: string };

export function checkPassword(password: string, email: string): PasswordCheck {
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  const localPart = email.split('@')[0]?.trim().toLowerCase() ?? '';
  // A one- or two-letter local part would refuse half of all passwords; the rule is about real names.
  const containsName = localPart.length >= 3 && password.toLowerCase().includes(localPart);
  if ([...password].length < PASSWORD_MIN_LENGTH || classes < 3 || containsName) {
    return { ok: false, message: PASSWORD_POLICY_MESSAGE };
  }
  return { ok: true };
}

/** Whether a password set at `setAtMs` has expired at `nowMs` (epoch milliseconds): PASSWORD_EXPIRED. */
export function isPasswordExpired(setAtMs: number, nowMs: number, maxAgeDays: number): boolean {
  return nowMs - setAtMs > maxAgeDays * 24 * 3600_000;
}

import { EXPLORER_TEXT_MAX_LENGTH, isUsStateCode } from './catalogues.ts';

/** The general messages of explorer §5, shared by the site, plan, lead and e-mail rules. */
export const GENERAL_MESSAGES = {
  stateRequired: 'State is required',
  stateInvalid: 'State not valid',
  emailTooLong: 'Please enter email address no longer than 191 characters',
  emailInvalid: 'Please enter a valid email address',
} as const;

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

// One local part and a dotted domain; the finer rules below are the spec's own.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * explorer §5 General e-mail rule: at most 191 characters, a valid shape, no leading dot, no '.@' and
 * no '..', and a last label of at most 20 characters. Returns the message or null. Blank is the
 * caller's concern (each form words "required" its own way).
 */
export function emailMessage(email: string): string | null {
  if (email.length > EXPLORER_TEXT_MAX_LENGTH) return GENERAL_MESSAGES.emailTooLong;
  const invalid =
    !EMAIL_SHAPE.test(email) ||
    email.startsWith('.') ||
    email.includes('.@') ||
    email.includes('..') ||
    (email.split('.').pop() ?? '').length > 20;
  return invalid ? GENERAL_MESSAGES.emailInvalid : null;
}

/** explorer §5 General state rule: required, and one of the 50 states plus DC. */
export function stateMessage(state: unknown): string | null {
  if (isBlank(state)) return GENERAL_MESSAGES.stateRequired;
  return isUsStateCode(state) ? null : GENERAL_MESSAGES.stateInvalid;
}

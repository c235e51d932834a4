import { isUsStateCode } from '../../explorer/catalogues.ts';
import { parseTaxId } from '../tax-id.ts';
import { hasAnswer } from '../steps/status.ts';
import {
  DATE_OF_YEAR_MESSAGES,
  dateOfYearError,
  emailError,
  stateError,
  zipCodeError,
} from '../steps/validation.ts';
import { ANSWER } from '../steps/enumerations.ts';
import type { FieldDef, FormErrors, FieldValues } from './types.ts';

/**
 * One rule per field kind, shared by the server (which refuses a save with these messages, by field)
 * and the forms (which show the same messages before sending).
 */

export const FORM_MESSAGES = {
  required: DATE_OF_YEAR_MESSAGES.required,
  number: 'Enter a number',
  integer: 'Enter a whole number',
  min: (min: number) => `Enter ${min} or more`,
  max: (max: number) => `Enter ${max} or less`,
  percentage: 'Enter a percentage from 0 to 100',
  month: 'Choose a month',
  date: 'Enter a date as YYYY-MM-DD',
  phone: 'Phone number needs to be in the format ###-###-####',
  choice: 'Choose one of the options',
  tooLong: (max: number) => `Use ${max} characters or fewer`,
  unknownField: 'This question is not part of this form',
} as const;

const DEFAULT_TEXT_MAX = 500;

export function isFieldShown(field: FieldDef, values: FieldValues): boolean {
  return field.when ? field.when(values) : true;
}

export function shownFields(fields: readonly FieldDef[], values: FieldValues): FieldDef[] {
  return fields.filter((field) => isFieldShown(field, values));
}

const isIsoDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new globalThis.Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * The message for one answer, or null. A blank answer is checked only for being required; a well-formed
 * one then meets the field's cross-answer check, given the entity's values.
 */
export function fieldError(field: FieldDef, value: unknown, values: FieldValues = {}): string | null {
  const own = kindError(field, value);
  if (own !== null || !hasAnswer(value) || !field.check) return own;
  return field.check(value, values);
}

function kindError(field: FieldDef, value: unknown): string | null {
  if (!hasAnswer(value)) return field.required ? (field.messages?.required ?? FORM_MESSAGES.required) : null;
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return FORM_MESSAGES.required;
      const max = field.maxLength ?? DEFAULT_TEXT_MAX;
      return value.length > max ? FORM_MESSAGES.tooLong(max) : null;
    }
    case 'taxId': {
      const parsed = parseTaxId(String(value));
      return parsed.ok ? null : parsed.message;
    }
    case 'email':
      return emailError(String(value), { required: false });
    case 'phone':
      return /^\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}$/.test(String(value).trim()) ? null : FORM_MESSAGES.phone;
    case 'zip':
      return zipCodeError(String(value), { required: false });
    case 'state':
      return stateError(String(value).trim().toUpperCase(), { required: false });
    case 'mmdd':
      return typeof value === 'string' ? dateOfYearError(value) : DATE_OF_YEAR_MESSAGES.format;
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : FORM_MESSAGES.date;
    case 'month':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 12
        ? null
        : FORM_MESSAGES.month;
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return FORM_MESSAGES.number;
      if (field.integer && !Number.isInteger(value)) return FORM_MESSAGES.integer;
      if (field.min !== undefined && value < field.min) return FORM_MESSAGES.min(field.min);
      if (field.max !== undefined && value > field.max) return FORM_MESSAGES.max(field.max);
      return null;
    }
    case 'percentage':
      return typeof value === 'number' && value >= 0 && value <= 100 ? null : FORM_MESSAGES.percentage;
    case 'boolean':
      return typeof value === 'boolean' ? null : FORM_MESSAGES.choice;
    case 'answer':
      return ANSWER.codes.includes(value as never) ? null : FORM_MESSAGES.choice;
    case 'choice':
      return field.enumeration.codes.includes(String(value)) ? null : FORM_MESSAGES.choice;
    case 'multiChoice':
      return Array.isArray(value) && value.every((code) => field.enumeration.codes.includes(String(code)))
        ? null
        : FORM_MESSAGES.choice;
    case 'locations':
      return Array.isArray(value) && value.every((id) => typeof id === 'string')
        ? null
        : FORM_MESSAGES.choice;
    case 'contact':
      return typeof value === 'string' ? null : FORM_MESSAGES.choice;
    default: {
      const unknown: never = field;
      throw new Error(`Unknown field kind ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Validates what a save sends for one entity. Shown fields are checked against the merged values
 * (`current` overlaid with `sent`), so a follow-up question is required only while its condition holds;
 * with `partial`, only the sent keys are checked (an update of some answers). Keys that no field of the
 * form owns are refused: a typo must not silently do nothing.
 */
export function validateFields(
  fields: readonly FieldDef[],
  sent: FieldValues,
  options: { current?: FieldValues; partial?: boolean } = {},
): FormErrors {
  const merged = { ...options.current, ...sent };
  const errors: FormErrors = {};
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(sent)) if (!known.has(key)) errors[key] = FORM_MESSAGES.unknownField;
  for (const field of shownFields(fields, merged)) {
    if (options.partial && !Object.hasOwn(sent, field.key)) continue;
    const message = fieldError(field, merged[field.key], merged);
    if (message) errors[field.key] = message;
  }
  return errors;
}

/**
 * The stored form of an accepted answer: trimmed text, a tax id as its nine digits, a state in capitals,
 * blank as null. Fields hidden by their condition are stored as null so a stale follow-up answer never
 * lingers behind a changed choice.
 */
export function normalizeFields(fields: readonly FieldDef[], sent: FieldValues, current: FieldValues = {}) {
  const merged = { ...current, ...sent };
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (!Object.hasOwn(sent, field.key) && isFieldShown(field, merged)) continue;
    if (!isFieldShown(field, merged)) {
      if (hasAnswer(current[field.key]) || Object.hasOwn(sent, field.key)) out[field.key] = null;
      continue;
    }
    out[field.key] = normalizeValue(field, sent[field.key]);
  }
  return out;
}

function normalizeValue(field: FieldDef, value: unknown): unknown {
  if (!hasAnswer(value)) return field.kind === 'boolean' && value === false ? false : null;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  switch (field.kind) {
    case 'taxId': {
      const parsed = parseTaxId(text);
      return parsed.ok ? parsed.digits : text;
    }
    case 'state':
      return isUsStateCode(text.toUpperCase()) ? text.toUpperCase() : text;
    default:
      return text;
  }
}

import { emailMessage, GENERAL_MESSAGES, type FieldErrors } from '../../explorer/common-rules.ts';
import { isUsStateCode } from '../../explorer/catalogues.ts';

/**
 * Field rules shared by the server and the forms. Each `...Error` returns the message for one value or
 * null; each `validate...` returns the messages of a whole form by field, empty when all is well. The
 * command API wraps these in zod refinements; nothing here depends on zod.
 */

/** Onboarding §5 date-of-year messages, word for word. */
export const DATE_OF_YEAR_MESSAGES = {
  format: 'Date needs to be in the format MM/DD',
  invalid: 'Not a valid date',
  required: 'Please provide a response',
} as const;

/**
 * Explorer §5 messages, word for word (the state and e-mail ones live in explorer/common-rules.ts);
 * `emailRequired` is the explorer lead form's wording.
 */
export const FIELD_MESSAGES = {
  zipCodeFormat: 'Zip code needs to be in the format ##### or #####-####',
  zipCodeRequired: 'Zip code is required',
  emailRequired: 'Email is required',
  locationNameRequired: 'Location name is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
} as const;

const isBlank = (value: string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value.trim() === '';

// Leap-year month lengths: a date of year recurs every year, so 02/29 is a real date (onboarding §5).
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const DAYS_IN_LEAP_YEAR = 366;

export type DateOfYear = { month: number; day: number };

/** 'MM/DD' as month and day, or null when it is not a real date of year. */
export function parseDateOfYear(value: string): DateOfYear | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const length = DAYS_IN_MONTH[month - 1];
  if (length === undefined || day < 1 || day > length) return null;
  return { month, day };
}

/** A date-of-year field (e.g. the ERISA year end); required unless the form prefilled it. */
export function dateOfYearError(
  value: string | null | undefined,
  options: { prefilled?: boolean } = {},
): string | null {
  if (isBlank(value)) return options.prefilled ? null : DATE_OF_YEAR_MESSAGES.required;
  if (!/^\d{2}\/\d{2}$/.test(value.trim())) return DATE_OF_YEAR_MESSAGES.format;
  return parseDateOfYear(value) ? null : DATE_OF_YEAR_MESSAGES.invalid;
}

export function validateDatesOfYear<Field extends string>(
  values: Readonly<Record<Field, string | null | undefined>>,
  options: { prefilled?: readonly NoInfer<Field>[] } = {},
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(values) as Field[]) {
    const message = dateOfYearError(values[field], {
      prefilled: options.prefilled?.includes(field) ?? false,
    });
    if (message) errors[field] = message;
  }
  return errors;
}

const dayOfLeapYear = ({ month, day }: DateOfYear) =>
  DAYS_IN_MONTH.slice(0, month - 1).reduce((sum, length) => sum + length, 0) + day;

function requireDateOfYear(value: string): DateOfYear {
  const parsed = parseDateOfYear(value);
  if (!parsed) throw new RangeError(`Not a date of year (MM/DD): ${value}`);
  return parsed;
}

/**
 * Days from one MM/DD to the next occurrence of another, wrapping into the next year when the second
 * comes earlier in the calendar (12/15 to 01/20 is 36 days). Counted on a leap-year calendar so that
 * 02/29 has a place; the order of the arguments matters. Throws on a value that is not a date of year:
 * validate first.
 */
export function daysUntilDateOfYear(from: string, to: string): number {
  const span = dayOfLeapYear(requireDateOfYear(to)) - dayOfLeapYear(requireDateOfYear(from));
  return (span + DAYS_IN_LEAP_YEAR) % DAYS_IN_LEAP_YEAR;
}

/** Onboarding §5: 'more than 30 days apart' when the span, wrapping into the next year, exceeds 30 days. */
export function areMoreThan30DaysApart(from: string, to: string): boolean {
  return daysUntilDateOfYear(from, to) > 30;
}

export function stateError(
  value: string | null | undefined,
  options: { required?: boolean } = {},
): string | null {
  if (isBlank(value)) return (options.required ?? true) ? GENERAL_MESSAGES.stateRequired : null;
  return isUsStateCode(value.trim()) ? null : GENERAL_MESSAGES.stateInvalid;
}

export function zipCodeError(
  value: string | null | undefined,
  options: { required?: boolean } = {},
): string | null {
  if (isBlank(value)) return (options.required ?? true) ? FIELD_MESSAGES.zipCodeRequired : null;
  return /^\d{5}(-\d{4})?$/.test(value.trim()) ? null : FIELD_MESSAGES.zipCodeFormat;
}

/**
 * Explorer §5 e-mail rule (length, shape, no leading dot, no '.@' or '..', a short last label), kept in
 * one place, explorer/common-rules.ts, so the EIF and the Explorer can never disagree; this adds the
 * required check.
 */
export function emailError(
  value: string | null | undefined,
  options: { required?: boolean } = {},
): string | null {
  if (isBlank(value)) return (options.required ?? true) ? FIELD_MESSAGES.emailRequired : null;
  return emailMessage(value.trim());
}

export type LocationField = 'name' | 'address1' | 'city' | 'state' | 'zipCode';
export type LocationInput = Partial<Record<LocationField | 'address2', string | null>>;

const LOCATION_REQUIRED: Record<LocationField, string> = {
  name: FIELD_MESSAGES.locationNameRequired,
  address1: FIELD_MESSAGES.addressRequired,
  city: FIELD_MESSAGES.cityRequired,
  state: GENERAL_MESSAGES.stateRequired,
  zipCode: FIELD_MESSAGES.zipCodeRequired,
};

/**
 * Explorer §5 location rule: name, address, city, state and zip are required unless prefilled; a state
 * or zip that is given must still be well formed. address2 is optional.
 */
export function validateLocation(
  location: LocationInput,
  options: { prefilled?: readonly LocationField[] } = {},
): FieldErrors<LocationField> {
  const errors: FieldErrors<LocationField> = {};
  for (const field of Object.keys(LOCATION_REQUIRED) as LocationField[]) {
    if (isBlank(location[field]) && !options.prefilled?.includes(field))
      errors[field] = LOCATION_REQUIRED[field];
  }
  const state = stateError(location.state, { required: false });
  if (state) errors.state = state;
  const zipCode = zipCodeError(location.zipCode, { required: false });
  if (zipCode) errors.zipCode = zipCode;
  return errors;
}

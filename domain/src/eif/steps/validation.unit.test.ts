import { describe, expect, it } from 'vitest';
import { itAnswers } from '../../testing/examples.ts';
import { US_STATE_CODES } from '../../explorer/catalogues.ts';
import {
  areMoreThan30DaysApart,
  dateOfYearError,
  daysUntilDateOfYear,
  emailError,
  stateError,
  validateDatesOfYear,
  validateLocation,
  zipCodeError,
} from './validation.ts';

describe('date-of-year fields (onboarding §5)', () => {
  it.each(['12/31', '01/01', '02/29', '04/30', ' 06/15 '])('accepts %j', (value) => {
    expect(dateOfYearError(value)).toBeNull();
  });

  it.each(['1/31', '12-31', '1231', '12/3', 'ab/cd', '12/31/2024'])('refuses %j as not MM/DD', (value) => {
    expect(dateOfYearError(value)).toBe('Date needs to be in the format MM/DD');
  });

  it.each(['02/30', '04/31', '13/01', '00/10', '01/00', '06/31'])(
    'refuses %j as not a real date',
    (value) => {
      expect(dateOfYearError(value)).toBe('Not a valid date');
    },
  );

  itAnswers(dateOfYearError, {
    'asks for a response unless prefilled': [
      [[''], 'Please provide a response'],
      [[null], 'Please provide a response'],
      [[undefined, { prefilled: true }], null],
      [['02/30', { prefilled: true }], 'Not a valid date'],
    ],
  });

  it('validates a form of date fields to a map of field to message', () => {
    expect(
      validateDatesOfYear(
        { erisaPlanYearEnd: '13/01', otherYearEnd: '', prefilledYearEnd: null },
        { prefilled: ['prefilledYearEnd'] },
      ),
    ).toEqual({ erisaPlanYearEnd: 'Not a valid date', otherYearEnd: 'Please provide a response' });
  });
});

describe("'more than 30 days apart' (onboarding §5)", () => {
  it('counts across the year end', () => {
    expect(daysUntilDateOfYear('12/15', '01/20')).toBe(36);
    expect(areMoreThan30DaysApart('12/15', '01/20')).toBe(true);
    expect(areMoreThan30DaysApart('12/20', '01/19')).toBe(false);
  });

  it('is more than 30 only past 30 days, counting 02/29', () => {
    expect(daysUntilDateOfYear('02/01', '03/02')).toBe(30);
    expect(areMoreThan30DaysApart('02/01', '03/02')).toBe(false);
    expect(areMoreThan30DaysApart('02/01', '03/03')).toBe(true);
    expect(daysUntilDateOfYear('12/31', '01/01')).toBe(1);
    expect(daysUntilDateOfYear('05/05', '05/05')).toBe(0);
  });

  it('wraps when the second date comes earlier in the calendar', () => {
    expect(daysUntilDateOfYear('01/10', '01/05')).toBe(361);
  });

  it('refuses a value that is not a date of year', () => {
    expect(() => daysUntilDateOfYear('02/30', '03/01')).toThrow(RangeError);
  });
});

describe('zip code, state and email (explorer §5)', () => {
  it('zip code is five digits or ZIP+4', () => {
    expect(zipCodeError('02116')).toBeNull();
    expect(zipCodeError('02116-1234')).toBeNull();
    for (const bad of ['2116', '021161', '02116-123', '02116 1234', 'abcde']) {
      expect(zipCodeError(bad)).toBe('Zip code needs to be in the format ##### or #####-####');
    }
    expect(zipCodeError('')).toBe('Zip code is required');
    expect(zipCodeError('', { required: false })).toBeNull();
  });

  it('state is one of the 50 states plus DC', () => {
    expect(US_STATE_CODES).toHaveLength(51);
    expect(stateError('DC')).toBeNull();
    expect(stateError('PR')).toBe('State not valid');
    expect(stateError('ny')).toBe('State not valid');
    expect(stateError(' ')).toBe('State is required');
  });

  it.each(['jane.doe@example.com', "o'neil+hr@mail.example.co", 'a@b.museum'])(
    'accepts the email %j',
    (email) => {
      expect(emailError(email)).toBeNull();
    },
  );

  it.each([
    'plain',
    'no-at.example.com',
    '.lead@example.com',
    'dot.@example.com',
    'two..dots@example.com',
    'x@example..com',
    'x@example',
    'x@example.abcdefghijklmnopqrstu',
    'sp ace@example.com',
  ])('refuses the email %j', (email) => {
    expect(emailError(email)).toBe('Please enter a valid email address');
  });

  it('limits an email to 191 characters and requires one', () => {
    const local = 'a'.repeat(179);
    expect(emailError(`${local}@example.com`)).toBeNull();
    expect(emailError(`${local}a@example.com`)).toBe(
      'Please enter email address no longer than 191 characters',
    );
    expect(emailError('')).toBe('Email is required');
  });
});

describe('location (explorer §5)', () => {
  it('requires name, address, city, state and zip', () => {
    expect(validateLocation({ address2: 'Suite 2' })).toEqual({
      name: 'Location name is required',
      address1: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'Zip code is required',
    });
  });

  it('does not require prefilled fields but still checks what is given', () => {
    expect(
      validateLocation(
        { name: 'HQ', address1: '1 Main St', city: 'Boston', state: 'XX', zipCode: null },
        { prefilled: ['zipCode'] },
      ),
    ).toEqual({ state: 'State not valid' });
  });

  it('accepts a complete location', () => {
    expect(
      validateLocation({
        name: 'HQ',
        address1: '1 Main St',
        city: 'Boston',
        state: 'MA',
        zipCode: '02116-1234',
      }),
    ).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { emailMessage } from './common-rules.ts';
import { validateExplorerEmailSend, validateLead, validatePrepaidLocation } from './lead-rules.ts';
import type { LeadInput } from './lead-rules.ts';

const employer: LeadInput = {
  email: 'pat@acme.example',
  firstName: 'Pat',
  lastName: 'Lee',
  city: 'Boston',
  state: 'MA',
  phone: '617-555-0100',
  externalUser: 'employer',
  employerName: 'Acme',
};

describe('e-mail rule (explorer §5 General)', () => {
  it('accepts an ordinary address', () => {
    expect(emailMessage('pat.lee@acme.example.com')).toBeNull();
  });

  it('refuses more than 191 characters', () => {
    expect(emailMessage(`${'a'.repeat(180)}@example.com`)).toBe(
      'Please enter email address no longer than 191 characters',
    );
  });

  it.each([
    'pat',
    'pat@acme',
    '.pat@acme.com',
    'pat.@acme.com',
    'pat..lee@acme.com',
    'pat@acme.abcdefghijklmnopqrstu',
  ])('refuses %j', (email) => {
    expect(emailMessage(email)).toBe('Please enter a valid email address');
  });

  it('allows a last label of exactly 20 characters', () => {
    expect(emailMessage('pat@acme.abcdefghijklmnopqrst')).toBeNull();
  });
});

describe('validateLead (explorer §5 Lead form)', () => {
  it('accepts a complete employer lead', () => {
    expect(validateLead(employer)).toEqual({});
  });

  it('gives the spec message for each missing required field', () => {
    expect(validateLead({})).toEqual({
      email: 'Email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      city: 'City is required',
      state: 'State is required',
      phone: 'Phone is required',
      externalUser: 'Please select an option',
      employerName: 'Employer name is required',
    });
  });

  it('checks the e-mail format and the state', () => {
    expect(validateLead({ ...employer, email: 'pat..lee@acme.com', state: 'ZZ' })).toEqual({
      email: 'Please enter a valid email address',
      state: 'State not valid',
    });
  });

  it('takes only employer or broker as the external user', () => {
    expect(validateLead({ ...employer, externalUser: 'employee' })).toEqual({
      externalUser: 'Please select an option',
    });
  });

  it('requires the broker name, and words the employer field as the client, for a broker', () => {
    expect(validateLead({ ...employer, externalUser: 'broker', employerName: '' })).toEqual({
      employerName: 'Client name is required',
      brokerName: 'Broker name is required',
    });
    expect(validateLead({ ...employer, externalUser: 'broker', brokerName: 'Best Brokers' })).toEqual({});
  });

  it('limits text inputs to 191 characters', () => {
    expect(validateLead({ ...employer, city: 'x'.repeat(191) })).toEqual({});
    expect(validateLead({ ...employer, city: 'x'.repeat(192) })).toEqual({
      city: 'Please enter no more than 191 characters',
    });
  });
});

describe('validateExplorerEmailSend (explorer §5 Explorer email send)', () => {
  const send = { email: 'pat@acme.example', benefits: ['plan-1'], recaptchaToken: 'tok', language: 'es' };

  it('accepts a complete request', () => {
    expect(validateExplorerEmailSend(send)).toEqual({});
  });

  it('requires a valid e-mail', () => {
    expect(validateExplorerEmailSend({ ...send, email: '' })).toEqual({ email: 'Email is required' });
    expect(validateExplorerEmailSend({ ...send, email: 'nope' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('requires at least one benefit', () => {
    expect(validateExplorerEmailSend({ ...send, benefits: [] })).toEqual({
      benefits: 'Need at least one selected benefit.',
    });
  });

  it('requires the recaptcha token', () => {
    expect(validateExplorerEmailSend({ ...send, recaptchaToken: null })).toEqual({
      recaptchaToken: 'Recaptcha token is missing',
    });
  });

  it('requires the language', () => {
    expect(validateExplorerEmailSend({ ...send, language: undefined })).toEqual({
      language: 'Language is required',
    });
  });
});

describe('validatePrepaidLocation (explorer §5)', () => {
  itAnswers(validatePrepaidLocation, {
    'requires a valid state': [
      [[{ state: 'FL' }], {}],
      [[{}], { state: 'State is required' }],
      [[{ state: 'Florida' }], { state: 'State not valid' }],
    ],
  });
});

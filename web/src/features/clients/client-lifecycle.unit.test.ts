import { describe, expect, it } from 'vitest';
import { coverageKindOfDisplayName } from '@onboard/domain/web';
import { IMPLEMENTATION_TYPES } from '@onboard/events/catalogue/client-constants';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import {
  checkClientForm,
  COVERAGE_NAMES,
  emptyClientForm,
  emptyPolicy,
  formErrorsFrom,
  formValuesOf,
  toCreateBody,
  toDraftBody,
  type ClientFormValues,
} from './client-form.ts';
import {
  IMPLEMENTATION_TYPE_LABELS,
  isConflict,
  isDeleteRefusedAsSigned,
  lifecycleStates,
  type ClientLifecycleView,
} from './lifecycle-model.ts';

const apiError = (status: number, code: string | null, message: string, fieldErrors = {}) =>
  new ApiError({ status, code, message, fieldErrors, body: undefined });

const filled = (): ClientFormValues => ({
  name: '  Harbor Foods ',
  ticketId: ' ONB-42 ',
  implementationType: 'NEW_CASE',
  implementationConsultantUserId: 'demo-admin',
  isTest: true,
  policies: [
    {
      ...emptyPolicy(),
      slfPolicyNumber: ' 900100 ',
      slfCoverages: ['Dental'],
      policyEffective: '2027-01-01',
    },
  ],
});

const view = (changes: Partial<ClientLifecycleView> = {}): ClientLifecycleView => ({
  clientId: 'harbor-foods',
  name: 'Harbor Foods',
  ticketId: null,
  implementationType: 'TAKEOVER',
  isTest: false,
  isDraft: false,
  isArchived: false,
  releaseStatus: null,
  slfImplementationConsultant: null,
  policies: [],
  setupSteps: [],
  completedSetup: false,
  completedSetupAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  version: 3,
  ...changes,
});

describe('words', () => {
  it('names every implementation type in words', () => {
    expect(IMPLEMENTATION_TYPES.map((t) => IMPLEMENTATION_TYPE_LABELS[t])).toEqual([
      'New case',
      'Add coverage',
      'Takeover',
    ]);
  });

  it('offers coverage names the EIF recognises, each kind of coverage it tells apart among them', () => {
    const kinds = new Set(COVERAGE_NAMES.map(coverageKindOfDisplayName));
    for (const kind of ['PFML', 'FLI', 'STATUTORY', 'LONG_TERM_DISABILITY', 'DENTAL', 'VISION', 'OTHER'])
      expect(kinds).toContain(kind);
    expect(coverageKindOfDisplayName('Paid Family and Medical Leave')).toBe('PFML');
    expect(coverageKindOfDisplayName('Paid Family Leave')).toBe('STATUTORY');
    expect(new Set(COVERAGE_NAMES).size).toBe(COVERAGE_NAMES.length);
  });

  it('says where the client stands', () => {
    expect(lifecycleStates(view({ isDraft: true })).map((s) => s.label)).toEqual(['Draft']);
    expect(lifecycleStates(view()).map((s) => s.label)).toEqual(['Setting up']);
    expect(lifecycleStates(view({ completedSetup: true })).map((s) => s.label)).toEqual(['Onboarding']);
    expect(lifecycleStates(view({ releaseStatus: 'LIVE' })).map((s) => s.label)).toEqual(['LIVE']);
    expect(lifecycleStates(view({ isArchived: true, releaseStatus: 'LIVE' })).map((s) => s.label)).toEqual([
      'Archived',
      'LIVE',
    ]);
  });
});

describe('checkClientForm', () => {
  it('asks for a name and an implementation type, draft or not', () => {
    const errors = checkClientForm(emptyClientForm(), true);
    expect(errors).toEqual({
      name: 'Please provide a response',
      implementationType: 'Choose New case, Add coverage or Takeover',
    });
  });

  it('asks a client for complete policies, each with its own number', () => {
    const values = filled();
    values.policies.push({ ...emptyPolicy(), slfPolicyNumber: '900100' }, emptyPolicy());
    expect(checkClientForm(values, false)).toEqual({
      'policies.1.slfPolicyNumber': 'Each policy needs its own number',
      'policies.1.slfCoverages': 'Choose at least one coverage',
      'policies.2.slfPolicyNumber': 'Please provide a response',
      'policies.2.slfCoverages': 'Choose at least one coverage',
    });
    expect(checkClientForm({ ...filled(), policies: [] }, false)).toEqual({
      policies: 'Add at least one policy',
    });
  });

  it('lets a draft leave its policy rows empty, but not half filled', () => {
    expect(checkClientForm({ ...filled(), policies: [emptyPolicy()] }, true)).toEqual({});
    expect(
      checkClientForm({ ...filled(), policies: [{ ...emptyPolicy(), slfPolicyNumber: '7' }] }, true),
    ).toEqual({ 'policies.0.slfCoverages': 'Choose at least one coverage' });
  });

  it('accepts a complete client', () => {
    expect(checkClientForm(filled(), false)).toEqual({});
  });
});

describe('request bodies', () => {
  it('builds the create body, trimmed, with nulls for what is not given', () => {
    expect(toCreateBody(filled(), false)).toEqual({
      name: 'Harbor Foods',
      ticketId: 'ONB-42',
      implementationType: 'NEW_CASE',
      implementationConsultantUserId: 'demo-admin',
      isTest: true,
      policies: [{ slfPolicyNumber: '900100', slfCoverages: ['Dental'], policyEffective: '2027-01-01' }],
      draft: false,
    });
    const bare = {
      ...filled(),
      ticketId: ' ',
      implementationConsultantUserId: '',
      policies: [emptyPolicy()],
    };
    expect(toCreateBody(bare, true)).toMatchObject({
      ticketId: null,
      implementationConsultantUserId: null,
      policies: [],
      draft: true,
    });
  });

  it('sends policies in a draft edit only while the client is a draft', () => {
    expect(toDraftBody(filled(), true).policies).toHaveLength(1);
    expect(toDraftBody(filled(), false)).not.toHaveProperty('policies');
  });

  it('reads a draft back into the form', () => {
    const values = formValuesOf(
      view({
        isDraft: true,
        ticketId: 'T-1',
        policies: [{ policyId: 'p1', slfPolicyNumber: '1', slfCoverages: ['Vision'], policyEffective: null }],
      }),
    );
    expect(values).toMatchObject({
      ticketId: 'T-1',
      implementationType: 'TAKEOVER',
      implementationConsultantUserId: '',
      policies: [{ key: 'p1', slfPolicyNumber: '1', slfCoverages: ['Vision'], policyEffective: '' }],
    });
  });
});

describe('server answers', () => {
  it('puts field errors on their fields, a coverage’s own on its policy’s list, the rest on the form', () => {
    const error = apiError(400, 'VALIDATION', 'Invalid', {
      name: 'Use at most 200 characters',
      'policies.0.policyEffective': 'Enter the date as YYYY-MM-DD',
      'policies.1.slfCoverages.3': 'Too long',
      draftSecret: 'Unrecognized key',
    });
    expect(formErrorsFrom(error)).toEqual({
      name: 'Use at most 200 characters',
      'policies.0.policyEffective': 'Enter the date as YYYY-MM-DD',
      'policies.1.slfCoverages': 'Too long',
      form: 'Unrecognized key',
    });
  });

  it('says a refusal without fields on the form, and anything else in general words', () => {
    expect(formErrorsFrom(apiError(403, 'FORBIDDEN', 'Not staff'))).toEqual({ form: 'Not staff' });
    expect(formErrorsFrom(new Error('boom'))).toEqual({ form: GENERIC_ERROR_MESSAGE });
  });

  it('tells a conflict and a delete refused because something was signed', () => {
    expect(isConflict(apiError(409, 'CONFLICT', 'Changed'))).toBe(true);
    expect(isConflict(apiError(400, 'NOT_ALLOWED', 'No'))).toBe(false);
    expect(isDeleteRefusedAsSigned(apiError(400, 'NOT_ALLOWED', 'Archive instead'))).toBe(true);
    expect(isDeleteRefusedAsSigned(apiError(404, 'NOT_FOUND', 'Client not found'))).toBe(false);
  });
});

import type { ImplementationType } from '@onboard/events/catalogue/client-constants';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import type { ClientLifecycleView } from './lifecycle-model.ts';
import type { BodyOf } from '@onboard/api-contract';
import type { createClient, updateDraft } from '@onboard/command-api/contracts';

/**
 * The create / edit form of a client as values: the coverages to choose from, the browser's checks, the
 * request bodies built from the values, and server answers mapped back onto the fields. Pure; loaded
 * with the dialogs only.
 */
/**
 * The coverage names staff choose from: the display names the EIF reads a policy's coverages by
 * (domain/src/eif/steps/coverage.ts matches them to its kinds: PFML, statutory, FLI, long-term
 * disability, dental, vision; the rest count as other coverage).
 */
export const COVERAGE_NAMES = [
  'Basic Life',
  'Supplemental Life',
  'Accidental Death & Dismemberment',
  'Short Term Disability',
  'Long Term Disability',
  'Dental',
  'Vision',
  'Critical Illness',
  'Accident',
  'Hospital Indemnity',
  'Paid Family and Medical Leave',
  'Family Leave Insurance',
  'Disability Benefits Law',
  'Paid Family Leave',
  'Temporary Disability Insurance',
] as const;

export type PolicyFormValues = {
  /** A key for the list on screen only; never sent. */
  key: string;
  slfPolicyNumber: string;
  slfCoverages: string[];
  /** YYYY-MM-DD, or '' when not known yet. */
  policyEffective: string;
};

export type ClientFormValues = {
  name: string;
  ticketId: string;
  implementationType: ImplementationType | '';
  implementationConsultantUserId: string;
  isTest: boolean;
  policies: PolicyFormValues[];
};

let policyKeys = 0;
export const emptyPolicy = (): PolicyFormValues => ({
  key: `policy-${++policyKeys}`,
  slfPolicyNumber: '',
  slfCoverages: [],
  policyEffective: '',
});

export const emptyClientForm = (): ClientFormValues => ({
  name: '',
  ticketId: '',
  implementationType: '',
  implementationConsultantUserId: '',
  isTest: false,
  policies: [emptyPolicy()],
});

/** The form as a draft's values are read back (PATCH .../draft edits them). */
export function formValuesOf(view: ClientLifecycleView): ClientFormValues {
  return {
    name: view.name,
    ticketId: view.ticketId ?? '',
    implementationType: view.implementationType,
    implementationConsultantUserId: view.slfImplementationConsultant?.userId ?? '',
    isTest: view.isTest,
    policies: view.policies.map((policy) => ({
      key: policy.policyId,
      slfPolicyNumber: policy.slfPolicyNumber,
      slfCoverages: [...policy.slfCoverages],
      policyEffective: policy.policyEffective ?? '',
    })),
  };
}

/** Errors keyed as the request body names its fields ('name', 'policies.0.slfCoverages'); 'form' for the rest. */
export type FormErrors = Record<string, string>;

const PROVIDE = 'Please provide a response';

/**
 * The checks the browser makes before sending, the server's own rules (it checks again): a name and an
 * implementation type always; a client (not a draft) needs at least one policy, each with its own number
 * and at least one coverage. A draft may leave policies out, but a policy it lists is complete.
 */
export function checkClientForm(values: ClientFormValues, draft: boolean): FormErrors {
  const errors: FormErrors = {};
  if (!values.name.trim()) errors.name = PROVIDE;
  if (!values.implementationType) errors.implementationType = 'Choose New case, Add coverage or Takeover';
  const policies = policiesToSend(values.policies, draft);
  if (!draft && policies.length === 0) errors.policies = 'Add at least one policy';
  const seen = new Set<string>();
  values.policies.forEach((policy, index) => {
    if (draft && isBlankPolicy(policy)) return;
    const number = policy.slfPolicyNumber.trim();
    if (!number) errors[`policies.${index}.slfPolicyNumber`] = PROVIDE;
    else if (seen.has(number))
      errors[`policies.${index}.slfPolicyNumber`] = 'Each policy needs its own number';
    seen.add(number);
    if (policy.slfCoverages.length === 0)
      errors[`policies.${index}.slfCoverages`] = 'Choose at least one coverage';
  });
  return errors;
}

const isBlankPolicy = (policy: PolicyFormValues) =>
  !policy.slfPolicyNumber.trim() && policy.slfCoverages.length === 0 && !policy.policyEffective;

/** A draft leaves untouched policy rows out; a client sends every row (the server then names what is missing). */
function policiesToSend(policies: readonly PolicyFormValues[], draft: boolean) {
  return (draft ? policies.filter((policy) => !isBlankPolicy(policy)) : policies).map((policy) => ({
    slfPolicyNumber: policy.slfPolicyNumber.trim(),
    slfCoverages: [...policy.slfCoverages],
    policyEffective: policy.policyEffective || null,
  }));
}

// The bodies of POST /api/clients and PATCH .../draft, from their contracts (never written twice).
export type CreateClientBody = BodyOf<typeof createClient>;
export type DraftBody = BodyOf<typeof updateDraft>;

export function toCreateBody(values: ClientFormValues, draft: boolean): CreateClientBody {
  return { ...profileOf(values), policies: policiesToSend(values.policies, draft), draft };
}

export function toDraftBody(values: ClientFormValues, withPolicies: boolean): DraftBody {
  return withPolicies
    ? { ...profileOf(values), policies: policiesToSend(values.policies, true) }
    : profileOf(values);
}

function profileOf(values: ClientFormValues) {
  if (!values.implementationType) throw new Error('checkClientForm first: no implementation type');
  return {
    name: values.name.trim(),
    ticketId: values.ticketId.trim() || null,
    implementationType: values.implementationType,
    implementationConsultantUserId: values.implementationConsultantUserId || null,
    isTest: values.isTest,
  };
}

/**
 * Fields this form shows an error on: the profile's, the policy list's, and each policy's three fields.
 * Anything else the server names goes to the form's own message.
 */
function isFormField(key: string): boolean {
  if (
    [
      'name',
      'ticketId',
      'implementationType',
      'implementationConsultantUserId',
      'isTest',
      'policies',
    ].includes(key)
  )
    return true;
  return /^policies\.\d+\.(slfPolicyNumber|slfCoverages|policyEffective)$/.test(key);
}

/** A server answer on the form: 400 field errors on their fields, anything else as the form's message. */
export function formErrorsFrom(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return { form: GENERIC_ERROR_MESSAGE };
  const errors: FormErrors = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    // A coverage's own problem (policies.0.slfCoverages.2) belongs to the policy's coverage list.
    const field = key.replace(/^(policies\.\d+\.slfCoverages)\.\d+$/, '$1');
    if (isFormField(field)) errors[field] ??= message;
    else rest.push(message);
  }
  if (rest.length > 0) errors.form = rest.join(' ');
  if (Object.keys(errors).length === 0) errors.form = error.message;
  return errors;
}

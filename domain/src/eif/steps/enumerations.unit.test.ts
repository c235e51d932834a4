import { describe, expect, it } from 'vitest';
import { itAnswers } from '../../testing/examples.ts';
import {
  ANSWER,
  CLAIMS_CHECK_PAYEE,
  CLAIMS_CHECK_RECIPIENT,
  CONTACT_ACCESS,
  CONTACT_TYPE,
  LOCATION_MANAGEMENT_TYPE,
  PFML_OPTION,
  PFML_PREMIUM_CONTRIBUTION_TYPE,
  TAX_CHOICE,
  TIMING,
  isCode,
} from './enumerations.ts';

describe('shared enumerations (onboarding §3)', () => {
  it('hold exactly the spec codes', () => {
    expect(ANSWER.codes).toEqual(['YES', 'NO', 'NOT_APPLICABLE']);
    expect(TAX_CHOICE.codes).toEqual(['PRE_TAX', 'POST_TAX', 'TAX_CHOICE']);
    expect(TIMING.codes).toEqual(['DATE_OF_TERM', 'END_OF_MONTH']);
    expect(CLAIMS_CHECK_RECIPIENT.codes).toEqual(['PRIMARY_PLAN_ADMINISTRATOR', 'EMPLOYEE_HOME', 'EMPLOYER']);
    expect(CLAIMS_CHECK_PAYEE.codes).toEqual(['PLAN_ADMINISTRATOR', 'SOMEONE_ELSE']);
    expect(PFML_PREMIUM_CONTRIBUTION_TYPE.codes).toEqual(['FULLY_EMPLOYER_PAID', 'GROSS_UP', 'SHARED']);
    expect(PFML_OPTION.codes).toEqual(['ADVICE_ONLY', 'ADVICE_WITH_BENEFIT_CALC', 'ADVICE_PLUS']);
    expect(CONTACT_TYPE.codes).toEqual([
      'DATA_FEEDS_IMPLEMENTOR',
      'DATA_FEEDS_PRODUCTION_SUPPORT',
      'DATA_FEEDS_BEN_ADMIN',
      'WEB_ADMIN',
      'PRIMARY_WEB_ADMIN',
      'DISABILITY_CLAIM_REIMBURSEMENT_CHECK_PAYEE',
      'CLAIMS_CHECK_PAYEE',
      'TPA',
    ]);
    expect(LOCATION_MANAGEMENT_TYPE.codes).toEqual(['ALL', 'LIMITED']);
  });

  it('label the access flags as the spec does', () => {
    expect(CONTACT_ACCESS.labels).toEqual({
      claimsAccess: 'Claims',
      billingAccess: 'Bills',
      paymentsAccess: 'Payments',
      documentsAccess: 'Policy documents',
      memberChangesAccess: 'Manage employees',
    });
  });

  itAnswers(isCode, {
    'tell a code from any other string': [
      [[ANSWER, 'NOT_APPLICABLE'], true],
      [[ANSWER, 'MAYBE'], false],
      [[ANSWER, 'toString'], false],
    ],
  });
});

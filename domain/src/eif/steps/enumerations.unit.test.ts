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
  itAnswers((enumeration: { codes: readonly string[] }) => enumeration.codes, {
    'hold exactly the spec codes': [
      [[ANSWER], ['YES', 'NO', 'NOT_APPLICABLE']],
      [[TAX_CHOICE], ['PRE_TAX', 'POST_TAX', 'TAX_CHOICE']],
      [[TIMING], ['DATE_OF_TERM', 'END_OF_MONTH']],
      [[CLAIMS_CHECK_RECIPIENT], ['PRIMARY_PLAN_ADMINISTRATOR', 'EMPLOYEE_HOME', 'EMPLOYER']],
      [[CLAIMS_CHECK_PAYEE], ['PLAN_ADMINISTRATOR', 'SOMEONE_ELSE']],
      [[PFML_PREMIUM_CONTRIBUTION_TYPE], ['FULLY_EMPLOYER_PAID', 'GROSS_UP', 'SHARED']],
      [[PFML_OPTION], ['ADVICE_ONLY', 'ADVICE_WITH_BENEFIT_CALC', 'ADVICE_PLUS']],
      [
        [CONTACT_TYPE],
        [
          'DATA_FEEDS_IMPLEMENTOR',
          'DATA_FEEDS_PRODUCTION_SUPPORT',
          'DATA_FEEDS_BEN_ADMIN',
          'WEB_ADMIN',
          'PRIMARY_WEB_ADMIN',
          'DISABILITY_CLAIM_REIMBURSEMENT_CHECK_PAYEE',
          'CLAIMS_CHECK_PAYEE',
          'TPA',
        ],
      ],
      [[LOCATION_MANAGEMENT_TYPE], ['ALL', 'LIMITED']],
    ],
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

import { describe, expect, it } from 'vitest';
import { benefitTypeOfCoverage, benefitTypeWords, planConfiguration } from './plan-configuration.ts';

describe('benefitTypeOfCoverage', () => {
  it.each([
    ['Dental', 'DENTAL'],
    ['Vision', 'VISION'],
    ['Long Term Disability', 'LONG_TERM_DISABILITY'],
    ['Voluntary Long-Term Disability', 'VOL_LONG_TERM_DISABILITY'],
    ['Short Term Disability', 'SHORT_TERM_DISABILITY'],
    ['Basic Life', 'LIFE'],
    ['Voluntary Life', 'VOL_LIFE'],
    ['Family Leave Insurance', 'FLI'],
    ['Disability Benefits Law', 'DBL'],
    ['Paid Family Leave', 'PFL'],
    ['Temporary Disability Benefits', 'TDB'],
    ['Temporary Disability Insurance', 'TDI'],
    ['Colorado Paid Family and Medical Leave', 'PFML_CO_FULLY_INS'],
    ['Massachusetts PFML ASO', 'PFML_MA_ASO'],
    ['Washington Paid Family and Medical Leave', 'PFML_WA_ASO'],
    ['Employee Assistance Program', 'EAP'],
    ['Accident', 'ACCIDENT'],
    ['Critical Illness', 'CRITICAL_ILLNESS'],
    ['State DHMO', 'DENTAL'],
  ])('%s is %s', (name, code) => {
    expect(benefitTypeOfCoverage(name)).toBe(code);
  });

  it('knows no benefit type for a name it does not recognise, nor for PFML without a state', () => {
    expect(benefitTypeOfCoverage('Pet Insurance')).toBeNull();
    expect(benefitTypeOfCoverage('Paid Family and Medical Leave')).toBeNull();
  });
});

describe('benefitTypeWords', () => {
  it.each([
    ['LONG_TERM_DISABILITY', 'Long Term Disability'],
    ['VOL_LONG_TERM_DISABILITY', 'Voluntary Long Term Disability'],
    ['EAP', 'Employee Assistance Program'],
    ['PFML_CO_FULLY_INS', 'Colorado PFML (fully insured)'],
    ['PFML_WA_ASO', 'Washington PFML (ASO)'],
    ['LIFE', 'Life'],
  ])('%s is %s', (code, words) => {
    expect(benefitTypeWords(code)).toBe(words);
  });
});

describe('planConfiguration', () => {
  /** A plan the configuration asks for (or finds): its policy, the benefit type and the coverage calling for it. */
  const planOf = (policyId: string, policyNumber: string | null, benefitType: string, coverage: string) => ({
    policyId,
    policyNumber,
    benefitType,
    coverage,
  });
  const policies = [
    { id: 'p1', slfPolicyNumber: '934781', slfCoverages: ['Dental', 'Vision', 'Basic Life'] },
    { id: 'p2', slfPolicyNumber: '934782', slfCoverages: ['Short Term Disability', 'Employee Assistance'] },
  ];

  it('creates one plan per benefit type a policy’s coverages call for, linked to the policy', () => {
    const result = planConfiguration(policies, [{ id: 'x', benefitType: 'DENTAL', policyId: 'p1' }]);
    expect(result.create).toEqual([
      planOf('p1', '934781', 'VISION', 'Vision'),
      planOf('p1', '934781', 'LIFE', 'Basic Life'),
      planOf('p2', '934782', 'SHORT_TERM_DISABILITY', 'Short Term Disability'),
      planOf('p2', '934782', 'EAP', 'Employee Assistance'),
    ]);
    expect(result.present).toEqual([planOf('p1', '934781', 'DENTAL', 'Dental')]);
  });

  it('is idempotent: with the plans it asked for in place it creates nothing', () => {
    const first = planConfiguration(policies, []);
    const plans = first.create.map((p, i) => ({
      id: `new-${i}`,
      benefitType: p.benefitType,
      policyId: p.policyId,
    }));
    const second = planConfiguration(policies, plans);
    expect(second.create).toEqual([]);
    expect(second.present).toHaveLength(first.create.length);
  });

  it('a plan of another policy does not answer this one’s coverage; an unlinked plan does', () => {
    const result = planConfiguration(policies, [
      { id: 'a', benefitType: 'VISION', policyId: 'p2' },
      { id: 'b', benefitType: 'LIFE', policyId: null },
    ]);
    expect(result.create.map((p) => `${p.policyId}:${p.benefitType}`)).toEqual([
      'p1:DENTAL',
      'p1:VISION',
      'p2:SHORT_TERM_DISABILITY',
      'p2:EAP',
    ]);
  });

  it('creates one plan for two coverage names of one benefit type, and lists names it does not know', () => {
    const result = planConfiguration(
      [{ id: 'p', slfPolicyNumber: null, slfCoverages: ['Dental', 'Dental PPO', 'Pet Insurance'] }],
      [],
    );
    expect(result.create).toEqual([planOf('p', null, 'DENTAL', 'Dental')]);
    expect(result.unknown).toEqual([{ policyId: 'p', policyNumber: null, coverage: 'Pet Insurance' }]);
  });
});

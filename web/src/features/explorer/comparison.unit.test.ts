import { describe, expect, it } from 'vitest';
import { comparisonRows, planFacts } from './comparison.ts';
import { MESSAGES } from './i18n.ts';

const dental = {
  id: 'd',
  benefitType: 'DENTAL' as const,
  planName: 'Dental',
  dentalYearType: 'CALENDAR',
  dentalBasicCoinsuranceInNetwork: 80,
  dentalOrthodonticServices: 'Both',
  dentalOrthodonticAdultMaximum: 1500,
  dentalOrthodonticChildAmount: 10.5,
};

describe('comparison rows (explorer §3)', () => {
  it('formats dental fields as percentages and currency, in Spanish too', () => {
    const rows = comparisonRows('DENTAL', MESSAGES.es, 'es')!;
    const cell = (label: string) => rows.find((r) => r.label === label)!.value(dental);
    expect(cell('Servicios básicos: coseguro, dentro de la red')).toBe('80%');
    expect(cell('Ortodoncia para adultos: máximo')).toBe('$1,500');
    // explorer §2: cents are shown when the amount has them, not rounded away.
    expect(cell('Ortodoncia para niños: monto')).toBe('$10.50');
    expect(cell('El máximo se aplica por')).toBe('Año calendario');
    expect(cell('Servicios de ortodoncia')).toBe('Adultos y niños');
  });

  it('writes the FSA rollover date in the visitor’s language', () => {
    const fsa = {
      id: 'f',
      benefitType: 'FINANCIAL' as const,
      planName: 'FSA',
      financialFSAMoneyRollover: 'YES',
      financialFSAMoneyRolloverAmount: 640,
      financialFSAMoneyRolloverDate: '03/15',
    };
    const cell = (language: 'en' | 'es', label: string) =>
      comparisonRows('FINANCIAL', MESSAGES[language], language)!
        .find((r) => r.label === label)!
        .value(fsa);
    expect(cell('en', 'Rollover date')).toBe('March 15');
    expect(cell('es', 'Fecha del traspaso')).toBe('15 de marzo');
    expect(cell('es', 'Monto del traspaso')).toBe('$640');
  });

  it('honours a medical not-applicable flag and has no rows for other categories', () => {
    const rows = comparisonRows('MEDICAL', MESSAGES.en, 'en')!;
    const plan = {
      id: 'm',
      benefitType: 'MEDICAL' as const,
      planName: 'M',
      medicalPlanYearDeductibleIndividualInNetwork: 1000,
      medicalPlanYearDeductibleFamilyInNetworkNotApplicable: true,
    };
    expect(rows[0]!.value(plan)).toBe('$1,000');
    expect(rows.find((r) => r.label === 'Deductible: family, in network')!.value(plan)).toBe(
      'Not applicable',
    );
    expect(comparisonRows('LIFE', MESSAGES.en, 'en')).toBeNull();
  });
});

describe('plan card facts (explorer §2 formats)', () => {
  it('shows a medical plan its in-network deductible and out-of-pocket maximum, only what it has', () => {
    const medical = {
      id: 'm',
      benefitType: 'MEDICAL' as const,
      planName: 'PPO',
      medicalPlanYearDeductibleIndividualInNetwork: 1500,
      medicalPlanYearDeductibleFamilyInNetwork: 3000.5,
      medicalPlanYearOutOfPocketMaxIndividualInNetwork: 5000,
    };
    expect(planFacts(medical, MESSAGES.en)).toEqual([
      { label: 'Deductible, in network', value: '$1,500 individual · $3,000.50 family' },
      { label: 'Out-of-pocket maximum, in network', value: '$5,000 individual' },
    ]);
  });

  it('shows dental coinsurance as percentages and the orthodontic maximum, in Spanish too', () => {
    expect(planFacts(dental, MESSAGES.es)).toEqual([
      { label: 'Servicios básicos, dentro de la red', value: '80%' },
      { label: 'Ortodoncia para adultos: máximo', value: '$1,500' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { PLAN_TYPES, type BenefitType } from './catalogues.ts';
import {
  benefitTypeHighlighters,
  benefitTypeLabel,
  contactOptions,
  countedBenefitSections,
  enrollmentStatus,
  explorerAvailability,
  formatCurrency,
  formatPercentage,
  hasPrepaidPlans,
  isComparisonAvailable,
  isExplorerNavigationHidden,
  isOpenEnrollmentSeason,
  liveChatDepartment,
  medicalPriceTier,
  planTypeLabel,
  sectionsByBenefitType,
  showsBenAdminCallToAction,
  showsDemoBanner,
  showsLanguageDialog,
  summaryDocumentsByBenefitType,
  isLargeClient,
  medicalVideoOf,
  visiblePlansForPrepaidLocation,
} from './page-content.ts';

// Local calendar days: the rules read the visitor's local day, so the tests build local dates.
const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('explorer page content (explorer §2)', () => {
  it('groups plans in sections by benefit type in the fixed order, keeping plan order', () => {
    const plans = [
      { id: 'm1', benefitType: 'MEDICAL' as BenefitType },
      { id: 'l1', benefitType: 'LIFE' as BenefitType },
      { id: 'd1', benefitType: 'DENTAL' as BenefitType },
      { id: 'd2', benefitType: 'DENTAL' as BenefitType },
      { id: 's1', benefitType: 'SHORT_TERM_DISABILITY' as BenefitType },
    ];
    expect(sectionsByBenefitType(plans).map((s) => [s.benefitType, s.plans.map((p) => p.id)])).toEqual([
      ['DENTAL', ['d1', 'd2']],
      ['SHORT_TERM_DISABILITY', ['s1']],
      ['LIFE', ['l1']],
      ['MEDICAL', ['m1']],
    ]);
  });

  it('hides prepaid plans of other states than the chosen location, and all of them before a choice', () => {
    const plans = [
      { id: 'ppo', prepaidSitusState: null },
      { id: 'fl', prepaidSitusState: 'FL' },
      { id: 'ca', prepaidSitusState: 'CA' },
    ];
    expect(visiblePlansForPrepaidLocation(plans, 'FL').map((p) => p.id)).toEqual(['ppo', 'fl']);
    expect(visiblePlansForPrepaidLocation(plans, null).map((p) => p.id)).toEqual(['ppo']);
    expect(hasPrepaidPlans(plans)).toBe(true);
    expect(hasPrepaidPlans([{ prepaidSitusState: '' }])).toBe(false);
  });

  itAnswers(isComparisonAvailable, {
    'opens comparison per category on its launch day': [
      [['MEDICAL', day(2024, 9, 14, 23)], false],
      [['MEDICAL', day(2024, 9, 15, 0)], true],
      [['FINANCIAL', day(2024, 9, 15)], true],
      [['DENTAL', day(2024, 5, 29)], false],
      [['DENTAL', day(2024, 5, 30)], true],
      [['VISION', day(2024, 6, 1)], true],
      [['LIFE', day(2030, 1, 1)], false],
    ],
  });

  itAnswers(benefitTypeLabel, {
    'names gap and critical illness Specified Disease in CA, NY and CT': [
      [['CRITICAL_ILLNESS', { state: 'NY' }], 'Specified Disease'],
      [['GAP', { state: 'CT' }], 'Specified Disease'],
      [['GAP', { state: 'CA', language: 'es' }], 'Enfermedades específicas'],
      [['CRITICAL_ILLNESS', { state: 'TX' }], 'Critical Illness'],
      [['ACCIDENT', { state: 'CA' }], 'Accident'],
      [['OTHER'], 'Additional Benefits'],
    ],
  });

  it('formats currency as $0,0 or $0,0.00 and percentages for en-US', () => {
    // Whole dollars without decimals, and cents shown whenever the amount has them.
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(25)).toBe('$25');
    expect(formatCurrency(1234)).toBe('$1,234');
    expect(formatCurrency(1234567)).toBe('$1,234,567');
    expect(formatCurrency(10.5)).toBe('$10.50');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0.99)).toBe('$0.99');
    expect(formatCurrency(2000.05)).toBe('$2,000.05');
    // Judged at the cent: a sub-cent remainder is no cents, and rounding up can reach a whole dollar.
    expect(formatCurrency(10.004)).toBe('$10');
    expect(formatCurrency(10.999)).toBe('$11');
    expect(formatCurrency(-12.5)).toBe('-$12.50');
    expect(formatPercentage(80)).toBe('80%');
    expect(formatPercentage(12.5)).toBe('12.5%');
  });

  it('names every plan type in English and Spanish, never as a raw code', () => {
    expect(planTypeLabel('EMPLOYER_PAID', 'en')).toBe('Employer paid');
    expect(planTypeLabel('EMPLOYER_PAID', 'es')).toBe('Pagado por el empleador');
    expect(planTypeLabel('VOLUNTARY_LIFE', 'es')).toBe('Vida voluntario');
    expect(planTypeLabel('PPO', 'es')).toBe('PPO');
    for (const type of PLAN_TYPES) {
      for (const language of ['en', 'es'] as const) {
        const label = planTypeLabel(type, language);
        expect(label === type && !/^[A-Z]{2,5}$/.test(type), `${type} in ${language}`).toBe(false);
        expect(label).not.toContain('_');
      }
    }
    // A code the catalogue does not know yet still reads as words.
    expect(planTypeLabel('NEW_KIND', 'en')).toBe('New kind');
  });

  itAnswers(medicalPriceTier, {
    'gives a medical plan its price tier and other plans none': [
      [[{ benefitType: 'MEDICAL', premium: '$$$' }], '$$$'],
      [[{ benefitType: 'MEDICAL', premium: '120' }], null],
      [[{ benefitType: 'DENTAL', premium: '$' }], null],
    ],
  });

  it('gathers up to 15 summary documents per benefit type, one per document key', () => {
    const docs = [
      ...Array.from({ length: 20 }, (_, i) => ({
        benefitType: 'DENTAL' as BenefitType,
        documentKey: `d${i}`,
      })),
      { benefitType: 'VISION' as BenefitType, documentKey: 'v1', id: 'first' },
      { benefitType: 'VISION' as BenefitType, documentKey: 'v1', id: 'again' },
      { benefitType: 'LIFE' as BenefitType, documentKey: 'v1' },
    ];
    const byType = summaryDocumentsByBenefitType(docs);
    expect(byType.DENTAL?.map((d) => d.documentKey)).toEqual(Array.from({ length: 15 }, (_, i) => `d${i}`));
    expect(byType.VISION).toEqual([{ benefitType: 'VISION', documentKey: 'v1', id: 'first' }]);
    expect(byType.LIFE).toHaveLength(1);
    expect(byType.MEDICAL).toBeUndefined();
  });

  it('lists highlighter texts in their order, in the chosen language with English as fallback', () => {
    const metadata = {
      LIFE: {
        highlighterText: 'Protect your family',
        spanishHighlighterText: 'Proteja a su familia',
        highlighterOrder: 2,
      },
      DENTAL: { highlighterText: 'Smile', highlighterOrder: 1 },
      VISION: { highlighterText: 'See clearly' },
      MEDICAL: { highlighterText: 'Stay well', highlighterOrder: 2 },
      ACCIDENT: { highlighterText: '  ', highlighterOrder: 0 },
    };
    expect(benefitTypeHighlighters(metadata, 'en')).toEqual([
      { benefitType: 'DENTAL', text: 'Smile' },
      { benefitType: 'LIFE', text: 'Protect your family' },
      { benefitType: 'MEDICAL', text: 'Stay well' },
      { benefitType: 'VISION', text: 'See clearly' },
    ]);
    expect(benefitTypeHighlighters(metadata, 'es').map((h) => h.text)).toEqual([
      'Smile',
      'Proteja a su familia',
      'Stay well',
      'See clearly',
    ]);
  });

  it('derives pre, active and post from the open-enrollment days; the demo switch rules a site that is not live', () => {
    const site = { isLive: true, openEnrollmentStart: '2025-11-01', openEnrollmentEnd: '2025-11-15' };
    expect(enrollmentStatus(site, day(2025, 10, 31, 23))).toBe('pre');
    expect(enrollmentStatus(site, day(2025, 11, 1, 0))).toBe('active');
    expect(enrollmentStatus(site, day(2025, 11, 15, 23))).toBe('active');
    expect(enrollmentStatus(site, day(2025, 11, 16, 0))).toBe('post');
    expect(enrollmentStatus(site, day(2025, 11, 16), 'pre')).toBe('post');
    expect(enrollmentStatus({ ...site, isLive: false }, day(2025, 11, 16), 'pre')).toBe('pre');
    expect(enrollmentStatus({ isLive: true }, day(2025, 1, 1))).toBe('active');
    expect(showsDemoBanner({ isLive: false })).toBe(true);
    expect(showsDemoBanner({ isLive: true })).toBe(false);
  });

  itAnswers(isOpenEnrollmentSeason, {
    'knows the open-enrollment season is 20 Nov to 31 Jan': [
      [[day(2025, 11, 19)], false],
      [[day(2025, 11, 20, 0)], true],
      [[day(2025, 12, 31)], true],
      [[day(2026, 1, 31, 23)], true],
      [[day(2026, 2, 1, 0)], false],
      [[day(2026, 7, 4)], false],
    ],
  });

  it('shows the benefits-administration call to action in the season, or while the site enrolment is active', () => {
    const url = 'https://benadmin.example/acme';
    expect(showsBenAdminCallToAction({ isLive: true, benAdminPlatformUrl: url }, day(2025, 12, 1))).toBe(
      true,
    );
    expect(showsBenAdminCallToAction({ isLive: true, benAdminPlatformUrl: url }, day(2025, 6, 1))).toBe(
      false,
    );
    expect(showsBenAdminCallToAction({ isLive: true, benAdminPlatformUrl: null }, day(2025, 12, 1))).toBe(
      false,
    );
    const dated = {
      isLive: true,
      benAdminPlatformUrl: url,
      openEnrollmentStart: '2025-06-01',
      openEnrollmentEnd: '2025-06-30',
    };
    expect(showsBenAdminCallToAction(dated, day(2025, 6, 10))).toBe(true);
    expect(showsBenAdminCallToAction(dated, day(2025, 12, 1))).toBe(false);
    expect(
      showsBenAdminCallToAction({ isLive: false, benAdminPlatformUrl: url }, day(2025, 6, 1), 'active'),
    ).toBe(true);
    expect(
      showsBenAdminCallToAction({ isLive: false, benAdminPlatformUrl: url }, day(2025, 12, 1), 'post'),
    ).toBe(false);
  });

  it('hides the navigation in maintenance mode or before the site starts', () => {
    const now = day(2025, 3, 1);
    expect(isExplorerNavigationHidden({ maintenanceMode: true }, now)).toBe(true);
    expect(isExplorerNavigationHidden({ startsAt: day(2025, 3, 2).toISOString() }, now)).toBe(true);
    expect(isExplorerNavigationHidden({ startsAt: day(2025, 2, 28).toISOString() }, now)).toBe(false);
    expect(isExplorerNavigationHidden({}, now)).toBe(false);
    // Which message the visitor gets: maintenance first, then a start still to come.
    expect(
      explorerAvailability({ maintenanceMode: true, startsAt: day(2025, 3, 2).toISOString() }, now),
    ).toBe('maintenance');
    expect(explorerAvailability({ startsAt: day(2025, 3, 2).toISOString() }, now)).toBe('notStarted');
    expect(
      explorerAvailability({ maintenanceMode: false, startsAt: day(2025, 2, 28).toISOString() }, now),
    ).toBe('open');
  });

  it('uses the live chat department only for a live page with live chat outside a demo environment', () => {
    const live = { isLive: true, enableContactUsLiveChat: true };
    expect(liveChatDepartment(live, { isDemo: false })).toBe('Benefits Explorer Live');
    expect(liveChatDepartment(live, { isDemo: true })).toBe('Benefits Explorer Demo');
    expect(liveChatDepartment({ ...live, isLive: false }, { isDemo: false })).toBe('Benefits Explorer Demo');
    expect(liveChatDepartment({ ...live, enableContactUsLiveChat: false }, { isDemo: false })).toBe(
      'Benefits Explorer Demo',
    );
  });

  it('offers exactly the contact options the site enables, chat first, and none when none is on', () => {
    const link = 'https://calendly.com/acme/benefits';
    expect(
      contactOptions({
        enableContactUsLiveChat: true,
        enableContactUsAppointment: true,
        enableContactUsEmail: true,
        customCalendlyLink: ` ${link} `,
      }),
    ).toEqual([{ kind: 'liveChat' }, { kind: 'appointment', url: link }, { kind: 'email' }]);
    expect(contactOptions({ enableContactUsEmail: true, customCalendlyLink: link })).toEqual([
      { kind: 'email' },
    ]);
    expect(contactOptions({ enableContactUsLiveChat: true, enableContactUsEmail: false })).toEqual([
      { kind: 'liveChat' },
    ]);
    // Booking a call needs a link, and only a web address becomes one.
    expect(contactOptions({ enableContactUsAppointment: true, customCalendlyLink: null })).toEqual([]);
    expect(contactOptions({ enableContactUsAppointment: true, customCalendlyLink: '  ' })).toEqual([]);
    expect(
      contactOptions({ enableContactUsAppointment: true, customCalendlyLink: 'javascript:alert(1)' }),
    ).toEqual([]);
    expect(contactOptions({ enableContactUsAppointment: true, customCalendlyLink: '/book' })).toEqual([]);
    expect(contactOptions({})).toEqual([]);
    expect(
      contactOptions({
        enableContactUsLiveChat: null,
        enableContactUsAppointment: false,
        enableContactUsEmail: null,
        customCalendlyLink: link,
      }),
    ).toEqual([]);
  });

  it('counts the plans a section shows, after the prepaid filter, only when the site shows counts', () => {
    const plans = [
      { id: 'ppo', benefitType: 'DENTAL' as BenefitType },
      { id: 'dhmo-il', benefitType: 'DENTAL' as BenefitType, prepaidSitusState: 'IL' },
      { id: 'dhmo-tx', benefitType: 'DENTAL' as BenefitType, prepaidSitusState: 'TX' },
      { id: 'vision', benefitType: 'VISION' as BenefitType },
    ];
    const counts = (state: string | null, showBenefitCount?: boolean | null) =>
      countedBenefitSections(plans, state, { showBenefitCount }).map((s) => [s.benefitType, s.planCount]);
    expect(counts('IL', true)).toEqual([
      ['DENTAL', 2],
      ['VISION', 1],
    ]);
    expect(counts(null, true)).toEqual([
      ['DENTAL', 1],
      ['VISION', 1],
    ]);
    expect(counts('IL', false)).toEqual([
      ['DENTAL', null],
      ['VISION', null],
    ]);
    expect(counts('IL', null)).toEqual([
      ['DENTAL', null],
      ['VISION', null],
    ]);
    expect(
      countedBenefitSections(plans, 'TX', { showBenefitCount: true })[0]!.plans.map((p) => p.id),
    ).toEqual(['ppo', 'dhmo-tx']);
  });

  it('shows the language dialog only with the language toggle on and not for a large client', () => {
    expect(showsLanguageDialog({ languageFeatureToggle: true, largeClientFeatureToggle: false })).toBe(true);
    expect(showsLanguageDialog({ languageFeatureToggle: true, largeClientFeatureToggle: true })).toBe(false);
    expect(showsLanguageDialog({ languageFeatureToggle: false })).toBe(false);
    expect(isLargeClient({ employeeCount: 999 })).toBe(false);
    expect(isLargeClient({ employeeCount: 1000 })).toBe(true);
    expect(isLargeClient({ employeeCount: null })).toBe(false);
  });
});

describe('medical video', () => {
  const site = {
    medicalVideo: 'ENGLISH_AND_SPANISH_VIDEO',
    medicalVideoEnglishTitle: 'Your medical plans',
    medicalVideoSpanishTitle: 'Sus planes médicos',
    medicalVideoDocumentId: 'doc-1',
    vidyardId: null,
  };
  it('shows nothing without a video or without a player reference', () => {
    expect(medicalVideoOf({ ...site, medicalVideo: 'NO_VIDEO' }, 'en')).toBeNull();
    expect(medicalVideoOf({ ...site, medicalVideoDocumentId: ' ' }, 'en')).toBeNull();
  });

  it('uses the Spanish title only for a Spanish video in Spanish', () => {
    expect(medicalVideoOf(site, 'es')).toEqual({
      title: 'Sus planes médicos',
      vidyardId: null,
      documentId: 'doc-1',
    });
    expect(medicalVideoOf({ ...site, medicalVideo: 'ENGLISH_VIDEO' }, 'es')?.title).toBe(
      'Your medical plans',
    );
    expect(medicalVideoOf({ ...site, vidyardId: 'vy-9' }, 'en')?.vidyardId).toBe('vy-9');
  });
});

import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { normalizeVanitySlug, validateExplorerSite } from './site-rules.ts';
import type { ExplorerSiteInput } from './site-rules.ts';

const valid: ExplorerSiteInput = {
  name: 'Acme 2025 benefits',
  planYear: '2025-2026',
  employerState: 'MA',
  policies: ['123456'],
  vanitySlug: 'acme_benefits 2025',
  customBranding: false,
  employeeCount: 40,
  medicalVideo: 'NO_VIDEO',
  territory: 'New England',
  language: 'en',
};
const errorsOf = (patch: Partial<ExplorerSiteInput>) => validateExplorerSite({ ...valid, ...patch });

describe('validateExplorerSite (explorer §5 Site)', () => {
  it('accepts a complete site', () => {
    expect(validateExplorerSite(valid)).toEqual({});
  });

  it('requires a name', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: 'Please enter a site name.' });
  });

  it('takes digits, dots and hyphens only for the plan year', () => {
    expect(errorsOf({ planYear: '2025' })).toEqual({});
    expect(errorsOf({ planYear: '2025.1' })).toEqual({});
    expect(errorsOf({ planYear: '2025/2026' })).toEqual({
      planYear: 'Please enter a numerical value for the plan year(s). Example: #### or ####-####',
    });
  });

  itAnswers(errorsOf, {
    'requires a valid employer state': [
      [[{ employerState: null }], { employerState: 'Employer state is required' }],
      [[{ employerState: 'ZZ' }], { employerState: 'State not valid' }],
    ],
    'requires at least one policy': [
      [[{ policies: [] }], { policies: 'Please select at least one policy.' }],
      [[{ policies: [''] }], { policies: 'Please select at least one policy.' }],
    ],
  });

  it('takes letters, digits, underscores, hyphens and spaces in the vanity slug', () => {
    expect(errorsOf({ vanitySlug: 'acme/benefits' })).toEqual({
      vanitySlug: 'Please input only alphanumeric characters',
    });
    expect(errorsOf({ vanitySlug: '' })).toEqual({});
  });

  it('normalises vanity slugs for the uniqueness check', () => {
    expect(normalizeVanitySlug('  My  Site ')).toBe('my-site');
    expect(normalizeVanitySlug('my-site')).toBe(normalizeVanitySlug('My Site'));
    expect(normalizeVanitySlug('my_site')).not.toBe(normalizeVanitySlug('my-site'));
  });

  it('refuses colours that are not hex', () => {
    expect(errorsOf({ customThemeBrandColor: 'red', customThemeContrastingColor: '#12345' })).toEqual({
      customThemeBrandColor: 'Invalid color code',
      customThemeContrastingColor: 'Invalid color code',
    });
  });

  it('requires both colours when custom branding is on', () => {
    expect(errorsOf({ customBranding: true })).toEqual({
      customThemeBrandColor: 'Brand color is required',
      customThemeContrastingColor: 'Contrast color is required',
    });
    expect(
      errorsOf({
        customBranding: true,
        customThemeBrandColor: '#003366',
        customThemeContrastingColor: '#fff',
      }),
    ).toEqual({});
  });

  it('requires readable contrast between brand and contrast colours when branded', () => {
    expect(
      errorsOf({ customBranding: true, customThemeBrandColor: '#777', customThemeContrastingColor: '#fff' }),
    ).toEqual({
      customThemeContrastingColor:
        'Brand and contrast colors need a contrast ratio of at least 4.5:1 to be readable',
    });
  });

  it('takes a whole employee count of at least 0', () => {
    expect(errorsOf({ employeeCount: 0 })).toEqual({});
    expect(errorsOf({ employeeCount: null })).toEqual({});
    const message = { employeeCount: 'Employee count must be a whole number of 0 or more' };
    expect(errorsOf({ employeeCount: -1 })).toEqual(message);
    expect(errorsOf({ employeeCount: 2.5 })).toEqual(message);
  });

  it('requires a medical video choice', () => {
    expect(errorsOf({ medicalVideo: null })).toEqual({ medicalVideo: 'Please provide a response.' });
    expect(errorsOf({ medicalVideo: 'SPANISH_ONLY' })).toEqual({
      medicalVideo: 'Please provide a response.',
    });
  });

  it('requires the English title and document with an English video', () => {
    expect(errorsOf({ medicalVideo: 'ENGLISH_VIDEO' })).toEqual({
      medicalVideoEnglishTitle: 'Please provide a response.',
      medicalVideoDocumentId: 'Please provide a response.',
    });
    expect(
      errorsOf({
        medicalVideo: 'ENGLISH_VIDEO',
        medicalVideoEnglishTitle: 'Your plans',
        medicalVideoDocumentId: 'd1',
      }),
    ).toEqual({});
  });

  it('also requires the Spanish title with an English and Spanish video', () => {
    expect(
      errorsOf({
        medicalVideo: 'ENGLISH_AND_SPANISH_VIDEO',
        medicalVideoEnglishTitle: 'Your plans',
        medicalVideoDocumentId: 'd1',
      }),
    ).toEqual({ medicalVideoSpanishTitle: 'Please provide a response.' });
  });

  itAnswers(errorsOf, {
    'takes a territory only from the sales territories': [
      [[{ territory: 'Atlantis' }], { territory: 'Territory not valid' }],
      [[{ territory: null }], {}],
    ],
    'requires a language': [
      [[{ language: null }], { language: 'Language is required' }],
      [[{ language: 'es' }], {}],
      [[{ language: 'fr' }], { language: 'Language is required' }],
    ],
  });

  it('takes ISO dates and an end after the start', () => {
    expect(errorsOf({ startsAt: '2027-01-01T00:00:00.000Z', expiresAt: '2027-12-31T00:00:00.000Z' })).toEqual(
      {},
    );
    expect(errorsOf({ startsAt: 'tomorrow' })).toEqual({ startsAt: 'Please enter a valid date.' });
    expect(errorsOf({ startsAt: '2027-01-01T00:00:00.000Z', expiresAt: '2027-01-01' })).toEqual({
      expiresAt: 'The end date must be after the start date.',
    });
    expect(errorsOf({ startsAt: '2027-06-01', expiresAt: '2027-01-01T00:00:00.000Z' })).toEqual({
      expiresAt: 'The end date must be after the start date.',
    });
    // One side alone is fine: the site stays open on the other.
    expect(errorsOf({ expiresAt: '2027-01-01T00:00:00.000Z' })).toEqual({});
  });

  it('lets open enrollment be a single day but not end before it starts', () => {
    expect(errorsOf({ openEnrollmentStart: '2026-11-01', openEnrollmentEnd: '2026-11-01' })).toEqual({});
    expect(errorsOf({ openEnrollmentStart: '2026-11-02', openEnrollmentEnd: '2026-11-01' })).toEqual({
      openEnrollmentEnd: 'Open enrollment cannot end before it starts.',
    });
    expect(errorsOf({ openEnrollmentEnd: '2026-13-01' })).toEqual({
      openEnrollmentEnd: 'Please enter a valid date.',
    });
  });

  it('takes only http(s) web addresses for the links the page shows', () => {
    expect(
      errorsOf({
        benAdminPlatformUrl: 'https://benefits.example.com/enroll?client=7',
        notificationLink: 'http://intranet.example.com:8080/news',
        customCalendlyLink: 'https://calendly.com/acme/benefits',
      }),
    ).toEqual({});
    const message = 'Please enter a full web address starting with https://';
    expect(errorsOf({ benAdminPlatformUrl: 'javascript:alert(1)' })).toEqual({
      benAdminPlatformUrl: message,
    });
    expect(errorsOf({ notificationLink: 'www.example.com' })).toEqual({ notificationLink: message });
    expect(errorsOf({ customCalendlyLink: 'https://' })).toEqual({ customCalendlyLink: message });
    expect(errorsOf({ customCalendlyLink: '  ' })).toEqual({});
  });

  it('takes highlighter orders of 0 or more, per known benefit type', () => {
    expect(errorsOf({ benefitTypeMetadata: { DENTAL: { highlighterOrder: 0 }, VISION: {} } })).toEqual({});
    expect(errorsOf({ benefitTypeMetadata: { DENTAL: { highlighterOrder: -1 } } })).toEqual({
      'benefitTypeMetadata.DENTAL.highlighterOrder': 'The order must be a whole number of 0 or more',
    });
    expect(errorsOf({ benefitTypeMetadata: { DENTAL: { highlighterOrder: 1.5 } } })).toEqual({
      'benefitTypeMetadata.DENTAL.highlighterOrder': 'The order must be a whole number of 0 or more',
    });
    expect(errorsOf({ benefitTypeMetadata: { PETS: { highlighterOrder: 1 } } })).toEqual({
      benefitTypeMetadata: 'Highlights can only be given for a benefit type.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { ExplorerSiteView } from './api.ts';
import { bindFields, type Errors } from '../../ui/field-binding.ts';
import { draftOfSite, emptySiteDraft, siteAttributes, siteErrors, type SiteDraft } from './form-model.ts';

const view = (patch: Partial<ExplorerSiteView>): ExplorerSiteView =>
  ({
    ...siteAttributes({ ...emptySiteDraft(), name: 'Acme', planYear: '2027', employerState: 'MA' }),
    id: 'p1',
    explorerPageId: 'p1',
    clientId: 'c1',
    policies: ['123'],
    benefits: [],
    documents: [],
    ...patch,
  }) as unknown as ExplorerSiteView;

describe('the site draft', () => {
  it('round-trips every setting of a saved site', () => {
    const site = view({
      kioskMode: true,
      maintenanceMode: true,
      startsAt: '2027-01-01T00:00:00.000Z',
      expiresAt: '2027-12-31T00:00:00.000Z',
      openEnrollmentStart: '2026-11-02',
      openEnrollmentEnd: '2026-12-04',
      benAdminPlatformUrl: 'https://enroll.example.com/acme',
      benAdminPlatformId: 'bap-1',
      customClientName: 'Acme Co.',
      logoDocumentId: 'logo-1',
      hideProviderLogo: true,
      territory: 'New England',
      enableContactUsAppointment: true,
      customCalendlyLink: 'https://calendly.com/acme',
      enableContactUsEmail: true,
      enableContactUsLiveChat: true,
      notificationLink: 'https://intranet.example.com/news',
      showBenefitCount: true,
      hasEmployeesInNY: true,
      employeeCount: 40,
      benefitTypeMetadata: {
        DENTAL: { highlighterText: 'Two plans', spanishHighlighterText: 'Dos planes', highlighterOrder: 0 },
      },
    });
    const draft = draftOfSite(site);
    expect(draft.openEnrollmentStart).toBe('2026-11-02');
    expect(draft.benefitTypeMetadata.DENTAL).toEqual({
      highlighterText: 'Two plans',
      spanishHighlighterText: 'Dos planes',
      highlighterOrder: '0',
    });
    const attributes = siteAttributes(draft);
    for (const key of Object.keys(attributes) as (keyof typeof attributes)[]) {
      expect([key, attributes[key]]).toEqual([key, site[key]]);
    }
    expect(siteErrors(draft)).toEqual({});
  });

  it('keeps open enrollment as plain days and drops empty highlights and an unused booking link', () => {
    const attributes = siteAttributes({
      ...emptySiteDraft(),
      openEnrollmentStart: '2026-11-02',
      customCalendlyLink: 'https://calendly.com/acme',
      benefitTypeMetadata: {
        DENTAL: { highlighterText: ' ', spanishHighlighterText: '', highlighterOrder: '' },
        VISION: { highlighterText: '', spanishHighlighterText: '', highlighterOrder: '2' },
      },
    });
    expect(attributes.openEnrollmentStart).toBe('2026-11-02');
    expect(attributes.customCalendlyLink).toBeNull();
    expect(attributes.benefitTypeMetadata).toEqual({
      VISION: { highlighterText: null, spanishHighlighterText: null, highlighterOrder: 2 },
    });
  });

  it('reports the domain rules on the fields the form shows', () => {
    const draft: SiteDraft = {
      ...emptySiteDraft(),
      name: 'Acme',
      planYear: '2027',
      employerState: 'MA',
      policies: '123',
      startsAt: '2027-02-01',
      expiresAt: '2027-01-01',
      openEnrollmentStart: '2026-11-10',
      openEnrollmentEnd: '2026-11-01',
      benAdminPlatformUrl: 'javascript:alert(1)',
      benefitTypeMetadata: {
        DENTAL: { highlighterText: 'x', spanishHighlighterText: '', highlighterOrder: 'first' },
      },
    };
    expect(siteErrors(draft)).toEqual({
      expiresAt: 'The end date must be after the start date.',
      openEnrollmentEnd: 'Open enrollment cannot end before it starts.',
      benAdminPlatformUrl: 'Please enter a full web address starting with https://',
      'benefitTypeMetadata.DENTAL.highlighterOrder': 'The order must be a whole number of 0 or more',
    });
  });
});

describe('bindFields', () => {
  it('gives each control its value, error and a change that writes the same key', () => {
    let draft = { name: 'Acme', kioskMode: false };
    const errors: Errors = { name: 'Please enter a site name.' };
    const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => {
      draft = { ...draft, [key]: value };
      delete errors[key];
    };
    const bind = bindFields(draft, errors, set);
    const name = bind.text('name');
    expect(name.value).toBe('Acme');
    expect(name.error).toBe('Please enter a site name.');
    name.onChange('Acme 2027');
    bind.flag('kioskMode').onChange(true);
    expect(draft).toEqual({ name: 'Acme 2027', kioskMode: true });
    expect(bindFields(draft, errors, set).text('name').error).toBeUndefined();
  });
});

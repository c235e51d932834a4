import { describe, expect, it } from 'vitest';
import { explorerFooterBranding, thirdPartyAdministratorFooter } from '../features/explorer/footer.ts';
import {
  legalFooterParts as partsWith,
  PROVIDER_BRANDING,
  showsSupportFooter,
  type FooterBranding,
} from './footers.ts';
import { CONSULTANT_ROLE_LINE, supportFooterContent as contentWith } from './support-footer.ts';

const HELP_CENTER_URL = 'https://help.example.test/';
const TARGETS = {
  legal: 'https://legal.example.test/legal',
  privacy: 'https://legal.example.test/privacy',
  security: 'https://legal.example.test/security',
  fraud: 'https://legal.example.test/fraud',
};
const legalFooterParts = (branding: FooterBranding, isExplorer: boolean) =>
  partsWith(branding, isExplorer, TARGETS);
const supportFooterContent = (lifecycle: Parameters<typeof contentWith>[0]) =>
  contentWith(lifecycle, HELP_CENTER_URL);
const labels = (parts: ReturnType<typeof legalFooterParts>) => parts.links.map((l) => l.label);

describe('the legal footer by branding and page (platform §2)', () => {
  it('a portal page: Legal, Privacy, Security, Fraud, the tagline and the disclosure', () => {
    const parts = legalFooterParts(PROVIDER_BRANDING, false);
    expect(labels(parts)).toEqual(['Legal', 'Privacy', 'Security', 'Fraud']);
    expect(parts.links.map((l) => l.href)).toEqual([
      TARGETS.legal,
      TARGETS.privacy,
      TARGETS.security,
      TARGETS.fraud,
    ]);
    expect(parts).toMatchObject({
      showsTagline: true,
      showsDisclosure: true,
      showsThirdPartyAdministrator: false,
    });
  });

  it('an Explorer page has no disclosure', () => {
    expect(legalFooterParts(PROVIDER_BRANDING, true).showsDisclosure).toBe(false);
  });

  it('a non-provider page drops Fraud and carries the third-party administrator', () => {
    const parts = legalFooterParts({ isNonProvider: true, isCustomBranded: false }, true);
    expect(labels(parts)).toEqual(['Legal', 'Privacy', 'Security']);
    expect(parts.showsThirdPartyAdministrator).toBe(true);
  });

  it('a custom-branded page has no tagline but keeps Fraud', () => {
    const parts = legalFooterParts({ isNonProvider: false, isCustomBranded: true }, true);
    expect(parts.showsTagline).toBe(false);
    expect(labels(parts)).toContain('Fraud');
  });

  it("an Explorer site's branding: hiding the provider's logo is the non-provider variant", () => {
    expect(explorerFooterBranding({ hideProviderLogo: true, customBranding: null })).toEqual({
      isNonProvider: true,
      isCustomBranded: false,
    });
    expect(explorerFooterBranding({ hideProviderLogo: false, customBranding: true })).toEqual({
      isNonProvider: false,
      isCustomBranded: true,
    });
    expect(explorerFooterBranding(null)).toEqual(PROVIDER_BRANDING);
  });
});

describe("the support footer 'Need Help?'", () => {
  it('shows on signed-in hub routes of a client only', () => {
    expect(showsSupportFooter({ auth: 'required', view: 'hub' }, 'c1')).toBe(true);
    expect(showsSupportFooter({ auth: 'required', view: 'hub' }, undefined)).toBe(false);
    expect(showsSupportFooter({ auth: 'required', view: 'internal' }, 'c1')).toBe(false);
    expect(showsSupportFooter({ auth: 'optional', view: 'hub' }, 'c1')).toBe(false);
    expect(showsSupportFooter({ auth: 'not_allowed', view: 'auth' }, undefined)).toBe(false);
  });

  const consultant = {
    userId: 'u1',
    firstName: 'Adam',
    lastName: 'Alvarez',
    email: 'admin@onboard.example',
    phoneNumber: '555-0100',
  };

  it('before LIVE: the consultant with name, phone, e-mail and role', () => {
    expect(supportFooterContent({ releaseStatus: null, slfImplementationConsultant: consultant })).toEqual({
      kind: 'consultant',
      name: 'Adam Alvarez',
      phone: '555-0100',
      email: 'admin@onboard.example',
      role: CONSULTANT_ROLE_LINE,
    });
  });

  it('before LIVE without a consultant: nothing', () => {
    expect(supportFooterContent({ releaseStatus: null, slfImplementationConsultant: null })).toEqual({
      kind: 'none',
    });
  });

  it('once LIVE: the help centre, whoever the consultant', () => {
    expect(supportFooterContent({ releaseStatus: 'LIVE', slfImplementationConsultant: consultant })).toEqual({
      kind: 'help-centre',
      href: HELP_CENTER_URL,
    });
  });
});

describe("the non-provider Explorer footer's third-party administrator", () => {
  const site = {
    name: 'Acme 2026 benefits',
    customClientName: null,
    administratorName: null,
    administratorWebsiteUrl: null,
    administratorPrivacyUrl: null,
  };

  it('names the administrator and the employer, with the links the site gives', () => {
    expect(
      thirdPartyAdministratorFooter({
        ...site,
        customClientName: 'Acme',
        administratorName: 'Harbor Benefit Services',
        administratorWebsiteUrl: 'https://harbor.example',
        administratorPrivacyUrl: 'https://harbor.example/privacy',
      }),
    ).toEqual({
      text: 'Benefits are administered by Harbor Benefit Services on behalf of Acme.',
      links: [
        { label: 'Harbor Benefit Services', href: 'https://harbor.example' },
        { label: 'Harbor Benefit Services privacy notice', href: 'https://harbor.example/privacy' },
      ],
    });
  });

  it('without a name it names no one and links nowhere', () => {
    expect(thirdPartyAdministratorFooter({ ...site, administratorWebsiteUrl: 'https://x.example' })).toEqual({
      text: 'Benefits are administered by a third-party administrator on behalf of Acme 2026 benefits.',
      links: [],
    });
  });
});

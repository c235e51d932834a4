import type { ClientLifecycleView } from '@onboard/api-contract/views';
import type { RouteDef } from './routes.ts';

/**
 * The footers of platform §2 "Footers" and the Explorer's footer by branding (platform §1, explorer §2):
 * which parts show where, and the link targets. Pure, so every rule is unit-tested. There is no
 * configuration answer for the targets yet (GET /api/configuration is to come), so they live here.
 */
export const SUPPORT_EMAIL = 'support@onboard.example';
export const HELP_CENTER_URL = 'https://help.onboard.example/';

export type FooterLink = { label: string; href: string };

export const LEGAL_LINKS = {
  legal: { label: 'Legal', href: 'https://www.onboard.example/legal' },
  privacy: { label: 'Privacy', href: 'https://www.onboard.example/privacy' },
  security: { label: 'Security', href: 'https://www.onboard.example/security' },
  fraud: { label: 'Fraud', href: 'https://www.onboard.example/fraud' },
} as const satisfies Record<string, FooterLink>;

/** The non-provider variant (platform §1): a third-party administrator's footer text and links. */
export const THIRD_PARTY_ADMINISTRATOR = {
  text: 'Benefits are administered by a third-party administrator on behalf of your employer.',
  links: [
    { label: 'Administrator privacy notice', href: 'https://www.onboard.example/tpa/privacy' },
    { label: 'Administrator terms', href: 'https://www.onboard.example/tpa/terms' },
  ],
} as const satisfies { text: string; links: readonly FooterLink[] };

export const TAGLINE = "Life's brighter under the sun";
export const DISCLOSURE =
  'Group insurance policies are underwritten by the issuing carrier. Product availability and features may vary by state.';
export const copyrightLine = (year: number) => `© ${year} Onboard. All rights reserved.`;

export type FooterBranding = {
  /** The page hides the provider (an Explorer site without the provider's logo). */
  isNonProvider: boolean;
  /** The page carries the client's own colours. */
  isCustomBranded: boolean;
};

export const PROVIDER_BRANDING: FooterBranding = { isNonProvider: false, isCustomBranded: false };

export type LegalFooterParts = {
  links: FooterLink[];
  thirdPartyAdministrator: typeof THIRD_PARTY_ADMINISTRATOR | null;
  showsTagline: boolean;
  showsDisclosure: boolean;
};

/** platform §2: Legal, Privacy, Security; Fraud unless non-provider; tagline unless custom branded; disclosure off the Explorer. */
export function legalFooterParts(branding: FooterBranding, isExplorer: boolean): LegalFooterParts {
  const { legal, privacy, security, fraud } = LEGAL_LINKS;
  return {
    links: branding.isNonProvider ? [legal, privacy, security] : [legal, privacy, security, fraud],
    thirdPartyAdministrator: branding.isNonProvider ? THIRD_PARTY_ADMINISTRATOR : null,
    showsTagline: !branding.isCustomBranded,
    showsDisclosure: !isExplorer,
  };
}

/** An Explorer site's footer branding: hiding the provider's logo makes it the non-provider variant. */
export function explorerFooterBranding(
  page: { hideProviderLogo: boolean | null; customBranding: boolean | null } | null | undefined,
): FooterBranding {
  return { isNonProvider: page?.hideProviderLogo === true, isCustomBranded: page?.customBranding === true };
}

/** 'Need Help?' shows on routes that require sign-in and concern one client (the hub views). */
export function showsSupportFooter(route: Pick<RouteDef, 'auth' | 'view'>, clientId: string | undefined) {
  return route.auth === 'required' && route.view === 'hub' && Boolean(clientId);
}

type Consultant = NonNullable<ClientLifecycleView['slfImplementationConsultant']>;

export type SupportFooterContent =
  | { kind: 'consultant'; name: string; phone: string | null; email: string; role: string }
  | { kind: 'help-centre'; href: string }
  | { kind: 'none' };

export const CONSULTANT_ROLE_LINE =
  'Your implementation consultant guides your organization through onboarding until your benefits are live.';

/** While the client is not LIVE: its consultant; once LIVE: the help centre (platform §2). */
export function supportFooterContent(
  lifecycle: Pick<ClientLifecycleView, 'releaseStatus' | 'slfImplementationConsultant'>,
  helpCenterUrl = HELP_CENTER_URL,
): SupportFooterContent {
  if (lifecycle.releaseStatus === 'LIVE') return { kind: 'help-centre', href: helpCenterUrl };
  const consultant: Consultant | null = lifecycle.slfImplementationConsultant;
  if (!consultant) return { kind: 'none' };
  return {
    kind: 'consultant',
    name: `${consultant.firstName} ${consultant.lastName}`.trim(),
    phone: consultant.phoneNumber,
    email: consultant.email,
    role: CONSULTANT_ROLE_LINE,
  };
}

import type { LegalLinkTargets } from '@onboard/domain/web';
import type { RouteDef } from './routes.ts';

/**
 * The footers of platform §2 "Footers" and the Explorer's footer by branding (platform §1, explorer §2):
 * which parts show where. Pure, so every rule is unit-tested. The link targets come from the
 * configuration (config-values.ts `useConfigValues`).
 */
export type FooterLink = { label: string; href: string };

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
  /** The non-provider variant carries a third-party administrator's text and links (features/explorer/footer.ts). */
  showsThirdPartyAdministrator: boolean;
  showsTagline: boolean;
  showsDisclosure: boolean;
};

/** platform §2: Legal, Privacy, Security; Fraud unless non-provider; tagline unless custom branded; disclosure off the Explorer. */
export function legalFooterParts(
  branding: FooterBranding,
  isExplorer: boolean,
  targets: LegalLinkTargets,
): LegalFooterParts {
  const legal = { label: 'Legal', href: targets.legal };
  const privacy = { label: 'Privacy', href: targets.privacy };
  const security = { label: 'Security', href: targets.security };
  const fraud = { label: 'Fraud', href: targets.fraud };
  return {
    links: branding.isNonProvider ? [legal, privacy, security] : [legal, privacy, security, fraud],
    showsThirdPartyAdministrator: branding.isNonProvider,
    showsTagline: !branding.isCustomBranded,
    showsDisclosure: !isExplorer,
  };
}

/** 'Need Help?' shows on routes that require sign-in and concern one client (the hub views). */
export function showsSupportFooter(route: Pick<RouteDef, 'auth' | 'view'>, clientId: string | undefined) {
  return route.auth === 'required' && route.view === 'hub' && Boolean(clientId);
}

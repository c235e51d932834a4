import type { FooterBranding, FooterLink } from '../../app/footers.ts';

/** The non-provider variant (platform §1): a third-party administrator's footer text and links. */
export const THIRD_PARTY_ADMINISTRATOR = {
  text: 'Benefits are administered by a third-party administrator on behalf of your employer.',
  links: [
    { label: 'Administrator privacy notice', href: 'https://www.onboard.example/tpa/privacy' },
    { label: 'Administrator terms', href: 'https://www.onboard.example/tpa/terms' },
  ],
} as const satisfies { text: string; links: readonly FooterLink[] };

/** An Explorer site's footer branding: hiding the provider's logo makes it the non-provider variant. */
export function explorerFooterBranding(
  page: { hideProviderLogo: boolean | null; customBranding: boolean | null } | null | undefined,
): FooterBranding {
  return { isNonProvider: page?.hideProviderLogo === true, isCustomBranded: page?.customBranding === true };
}

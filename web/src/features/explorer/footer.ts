import type { FooterBranding, FooterLink } from '../../app/footers.ts';

type AdministeredSite = {
  name: string;
  customClientName: string | null;
  administratorName: string | null;
  administratorWebsiteUrl: string | null;
  administratorPrivacyUrl: string | null;
};

/**
 * The non-provider variant's footer (platform §1): who administers the benefits on the employer's
 * behalf, with the administrator's own links, as the site's owner entered them. Without a name the
 * footer says it without naming anyone and carries no link.
 */
export function thirdPartyAdministratorFooter(site: AdministeredSite): {
  text: string;
  links: readonly FooterLink[];
} {
  const employer = site.customClientName?.trim() || site.name;
  const administrator = site.administratorName?.trim();
  if (!administrator) {
    return {
      text: `Benefits are administered by a third-party administrator on behalf of ${employer}.`,
      links: [],
    };
  }
  const links: FooterLink[] = [];
  if (site.administratorWebsiteUrl) links.push({ label: administrator, href: site.administratorWebsiteUrl });
  if (site.administratorPrivacyUrl) {
    links.push({ label: `${administrator} privacy notice`, href: site.administratorPrivacyUrl });
  }
  return { text: `Benefits are administered by ${administrator} on behalf of ${employer}.`, links };
}

/** An Explorer site's footer branding: hiding the provider's logo makes it the non-provider variant. */
export function explorerFooterBranding(
  page: { hideProviderLogo: boolean | null; customBranding: boolean | null } | null | undefined,
): FooterBranding {
  return { isNonProvider: page?.hideProviderLogo === true, isCustomBranded: page?.customBranding === true };
}

import {
  copyrightLine,
  DISCLOSURE,
  legalFooterParts,
  PROVIDER_BRANDING,
  TAGLINE,
  type FooterBranding,
  type FooterLink,
} from './footers.ts';
import { useConfigValues } from './config-values.ts';

/**
 * The legal footer (platform §2 "Footers"): Legal, Privacy, Security and, unless non-provider, Fraud;
 * the third-party administrator's text and links on the non-provider variant; the copyright; the tagline
 * unless custom branded; the disclosure off the Explorer. Print hides the links (styles.css).
 */
export function LegalFooter({
  branding = PROVIDER_BRANDING,
  isExplorer = false,
  className = 'legal-footer',
  thirdParty,
}: {
  branding?: FooterBranding;
  isExplorer?: boolean;
  className?: string;
  /** The third-party administrator's text and links, for the non-provider variant. */
  thirdParty?: { text: string; links: readonly FooterLink[] };
}) {
  const parts = legalFooterParts(branding, isExplorer, useConfigValues().legalLinks);
  const tpa = parts.showsThirdPartyAdministrator ? thirdParty : undefined;
  return (
    <footer className={className} data-testid="legal-footer">
      <nav className="legal-footer__links" aria-label="Legal">
        {parts.links.map((link) => (
          <a key={link.label} href={link.href} target="_blank" rel="noreferrer">
            {link.label}
          </a>
        ))}
        {tpa?.links.map((link) => (
          <a key={link.label} href={link.href} target="_blank" rel="noreferrer">
            {link.label}
          </a>
        ))}
      </nav>
      {tpa && <p className="legal-footer__tpa">{tpa.text}</p>}
      {parts.showsDisclosure && <p className="legal-footer__disclosure">{DISCLOSURE}</p>}
      <span>{copyrightLine(new Date().getFullYear())}</span>
      {parts.showsTagline && <span className="legal-footer__tagline">{TAGLINE}</span>}
    </footer>
  );
}

/**
 * The provider's (carrier's) logo in the Explorer navigation (explorer §2 Logo): the portal's sun mark
 * and the Onboard wordmark, drawn inline so the first page needs no extra request and the wordmark takes
 * the navigation's text colour (readable on any enforced brand colour). A site may hide it (explorer §3).
 */
const PROVIDER_NAME = 'Onboard';

export function ProviderLogo({ alt }: { alt: string }) {
  return (
    <svg
      className="explorer-provider-logo"
      role="img"
      aria-label={alt}
      viewBox="0 0 132 32"
      width="132"
      height="32"
      focusable="false"
    >
      <circle cx="16" cy="16" r="15.5" fill="#f3b622" fillOpacity="0.28" />
      <circle cx="16" cy="16" r="11.5" fill="#f3b622" />
      <circle cx="13" cy="12.5" r="5.5" fill="#ffd866" />
      <path
        d="M5.5 19.5q5.25-3.5 10.5 0t10.5 0M8 24q4-2.6 8 0t8 0"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <text
        x="39"
        y="22.5"
        fill="currentColor"
        fontFamily="system-ui, sans-serif"
        fontSize="19"
        fontWeight="700"
        textLength="90"
        lengthAdjust="spacingAndGlyphs"
      >
        {PROVIDER_NAME}
      </text>
    </svg>
  );
}

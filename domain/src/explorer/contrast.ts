/**
 * Readable contrast for custom branding (WCAG 2.x). The brand colour is the background of branded
 * buttons and bars and the contrast colour is the text on it, so the pair must reach the 4.5:1 minimum
 * for normal text (WCAG 1.4.3, level AA).
 */

export const MIN_TEXT_CONTRAST_RATIO = 4.5;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** explorer §5: a colour is hex such as #abc or #aabbcc. */
export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

export type Rgb = { r: number; g: number; b: number };

export function parseHexColor(value: string): Rgb | null {
  if (!isHexColor(value)) return null;
  const digits = value.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

const channel = (value: number): number => {
  const s = value / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two hex colours, 1 to 21; null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseHexColor(a);
  const cb = parseHexColor(b);
  if (ca === null || cb === null) return null;
  const la = relativeLuminance(ca);
  const lb = relativeLuminance(cb);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function hasReadableContrast(a: string, b: string, minimum = MIN_TEXT_CONTRAST_RATIO): boolean {
  const ratio = contrastRatio(a, b);
  return ratio !== null && ratio >= minimum;
}

/**
 * Whether a site's public page shows its custom branding (explorer §3 `benefitsExplorerCustomBranding`):
 * branding switched on with a brand and a contrasting colour that read together, the same rule the
 * Explorer applies before colouring the page.
 */
export function showsCustomBranding(site: {
  customBranding?: boolean | null;
  customThemeBrandColor?: string | null;
  customThemeContrastingColor?: string | null;
}): boolean {
  const brand = site.customThemeBrandColor;
  const contrast = site.customThemeContrastingColor;
  return (
    site.customBranding === true &&
    !!brand &&
    !!contrast &&
    isHexColor(brand) &&
    isHexColor(contrast) &&
    hasReadableContrast(brand, contrast)
  );
}

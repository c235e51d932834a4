/**
 * What GET /api/configuration answers for support and the legal links when no setting overrides it
 * (platform/src/config.ts reads ONBOARD_SUPPORT_EMAIL, ONBOARD_HELP_CENTER_URL, ONBOARD_LEGAL_URL,
 * ONBOARD_PRIVACY_URL, ONBOARD_SECURITY_URL, ONBOARD_FRAUD_URL). The web shows these same values until
 * the configuration is loaded, and on pages that render without it (the error page).
 */
export type LegalLinkTargets = { legal: string; privacy: string; security: string; fraud: string };

export type SupportSettings = { supportEmail: string; helpCenterUrl: string; legalLinks: LegalLinkTargets };

export const DEFAULT_SUPPORT_SETTINGS: SupportSettings = {
  supportEmail: 'support@onboard.example',
  helpCenterUrl: 'https://help.onboard.example',
  legalLinks: {
    legal: 'https://www.onboard.example/legal',
    privacy: 'https://www.onboard.example/privacy',
    security: 'https://www.onboard.example/security',
    fraud: 'https://www.onboard.example/fraud',
  },
};

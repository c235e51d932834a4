/** A site of the Benefits Explorer as staff create it: Massachusetts, plan year 2026, open until 2099. */
export const explorerSiteBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  language: 'en',
  planYear: '2026',
  employerState: 'MA',
  policies: ['123456'],
  medicalVideo: 'NO_VIDEO',
  startsAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  ...extra,
});

/**
 * The words of a client's lifecycle the browser needs too (implementation types, setup steps). Their own
 * module without zod, so the web can take them without the event schemas.
 */
export const IMPLEMENTATION_TYPES = ['NEW_CASE', 'ADD_COVERAGE', 'TAKEOVER'] as const;
export type ImplementationType = (typeof IMPLEMENTATION_TYPES)[number];

/** The setup checklist staff work through before the client's people start (platform §7 setup). */
export const SETUP_STEP_IDS = [
  'broker',
  'benAdmin',
  'docusignEnvelop',
  'configCompanyInfo',
  'importCompanyInfo',
] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

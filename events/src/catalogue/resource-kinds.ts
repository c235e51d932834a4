/**
 * The benefit types and audiences a client's enrollment and onboarding resources are grouped by, zod-free
 * so the browser takes them without the event schemas. The benefit types are the coverage kinds the EIF
 * knows (domain/src/eif/steps/coverage.ts, 'OTHER' aside) plus 'GENERAL' for what concerns every
 * coverage; domain/src/resources/catalogue.ts gives their words and checks they stay those kinds.
 */
export const RESOURCE_BENEFIT_TYPES = [
  'GENERAL',
  'DENTAL',
  'VISION',
  'LONG_TERM_DISABILITY',
  'PFML',
  'STATUTORY',
  'FLI',
] as const;
export type ResourceBenefitType = (typeof RESOURCE_BENEFIT_TYPES)[number];

/** Who a resource is written for (chosen): the client's employees, its benefits administrators, brokers. */
export const RESOURCE_AUDIENCES = ['EMPLOYEES', 'BENEFITS_ADMINISTRATORS', 'BROKERS'] as const;
export type ResourceAudience = (typeof RESOURCE_AUDIENCES)[number];

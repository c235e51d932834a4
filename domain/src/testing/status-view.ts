import type { StatusView } from '../eif/forms/status.ts';

/** A form with no entities yet but its client's own answers, as the status and missing-answer rules read it. */
export const statusView = (overrides: Partial<StatusView> = {}): StatusView => ({
  policies: [],
  plans: [],
  contacts: [],
  locations: [],
  bills: [],
  subsidiaries: [],
  monthlyClaimsReportMailingLocations: [],
  employeeClasses: [],
  employeeClassPlans: [],
  ...overrides,
});

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

/** The primary web administrator, every answer given, managing all locations. */
export const primaryWebAdmin = {
  id: 'c1',
  type: 'PRIMARY_WEB_ADMIN',
  firstName: 'Ana',
  lastName: 'Li',
  email: 'ana@example.com',
  phoneNumber: '555-123-4567',
  locationManagementType: 'ALL',
};

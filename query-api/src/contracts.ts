import { collectContracts } from '@onboard/api-contract';
import * as analytics from './analytics/routes.contract.ts';
import * as benAdminPlatforms from './ben-admin-platforms/routes.contract.ts';
import * as support from './support/routes.contract.ts';
import * as clients from './clients/routes.contract.ts';
import * as clientLifecycle from './clients/lifecycle.contract.ts';
import * as planSystem from './clients/plan-system.contract.ts';
import * as eif from './eif/routes.contract.ts';
import * as emails from './emails/routes.contract.ts';
import * as emailTemplates from './emails/templates.contract.ts';
import * as errorReporting from './error-reporting/routes.contract.ts';
import * as employeeClasses from './employee-classes/routes.contract.ts';
import * as explorer from './explorer/routes.contract.ts';
import * as gateway from './gateway/routes.contract.ts';
import * as qps from './qps/routes.contract.ts';
import * as resources from './resources/routes.contract.ts';
import * as serviceStatus from './service-status/routes.contract.ts';
import * as featureToggles from './feature-toggles/routes.contract.ts';
import * as tasks from './tasks/routes.contract.ts';
import * as users from './users/routes.contract.ts';
import * as evidencePack from './evidence-pack/routes.contract.ts';
import * as netChanges from './net-changes/routes.contract.ts';
import * as census from './census/routes.contract.ts';
import * as dataFeed from './data-feed/routes.contract.ts';
import * as onboardingForms from './onboarding-forms/routes.contract.ts';
import * as documents from './documents/routes.contract.ts';
import * as conversations from './conversations/routes.contract.ts';
import * as personalData from './personal-data/routes.contract.ts';

// Every read route's contract (the files beside the handlers), for the OpenAPI document, the web's types
// and the answer checks of the integration tests. A pure entry: zod and the contract kit only.
export * from './analytics/routes.contract.ts';
export * from './clients/routes.contract.ts';
export * from './clients/lifecycle.contract.ts';
export * from './clients/plan-system.contract.ts';
export * from './eif/routes.contract.ts';
export * from './emails/routes.contract.ts';
export * from './emails/templates.contract.ts';
export * from './error-reporting/routes.contract.ts';
export * from './employee-classes/routes.contract.ts';
export * from './explorer/routes.contract.ts';
export * from './gateway/routes.contract.ts';
export * from './qps/routes.contract.ts';
export * from './resources/routes.contract.ts';
export * from './service-status/routes.contract.ts';
export * from './feature-toggles/routes.contract.ts';
export * from './ben-admin-platforms/routes.contract.ts';
export * from './support/routes.contract.ts';
export * from './tasks/routes.contract.ts';
export * from './users/routes.contract.ts';
export * from './evidence-pack/routes.contract.ts';
export * from './net-changes/routes.contract.ts';
export * from './census/routes.contract.ts';
export * from './data-feed/routes.contract.ts';
export * from './onboarding-forms/routes.contract.ts';
export * from './documents/routes.contract.ts';
export * from './conversations/routes.contract.ts';
export * from './personal-data/routes.contract.ts';

export const queryContracts = collectContracts(
  analytics,
  benAdminPlatforms,
  support,
  clients,
  clientLifecycle,
  planSystem,
  eif,
  emails,
  emailTemplates,
  errorReporting,
  employeeClasses,
  explorer,
  gateway,
  qps,
  resources,
  serviceStatus,
  featureToggles,
  tasks,
  users,
  evidencePack,
  netChanges,
  census,
  dataFeed,
  onboardingForms,
  documents,
  conversations,
  personalData,
);

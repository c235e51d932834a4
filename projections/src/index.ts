import type { CheckpointedConsumer } from '@onboard/events';
import { clientViewProjection } from './client-view.ts';
import { changeLogProjection } from './change-log.ts';
import { usersProjection } from './users.ts';
import { emailsProjection } from './emails.ts';
import { apiJobsProjection } from './api-jobs.ts';
import { explorerPagesProjection } from './explorer-pages.ts';
import { tasksProjection } from './tasks.ts';
import { clientLifecycleProjection } from './client-lifecycle.ts';
import { resourcesProjection } from './resources.ts';
import { featureTogglesProjection } from './feature-toggles.ts';
import { benAdminPlatformsProjection } from './ben-admin-platforms.ts';
import { portalChatsProjection } from './support.ts';
import { netChangesProjection } from './net-changes.ts';
import { eifHistoryProjection } from './eif-history.ts';
import { onboardingFormsProjection } from './onboarding-forms.ts';
import { documentsProjection } from './documents.ts';
import { conversationsProjection } from './conversations.ts';
import { censusMappingsProjection } from './census-mappings.ts';
import { personalDataAccessProjection } from './personal-data-access.ts';

export { clientViewProjection, clientLifecycleProjection, conversationsProjection };

/** Every named projection; `npm run projections:rebuild -- <name>` takes one of these names. */
export const projections: readonly CheckpointedConsumer[] = [
  clientViewProjection,
  changeLogProjection,
  usersProjection,
  emailsProjection,
  apiJobsProjection,
  explorerPagesProjection,
  tasksProjection,
  clientLifecycleProjection,
  resourcesProjection,
  featureTogglesProjection,
  benAdminPlatformsProjection,
  portalChatsProjection,
  netChangesProjection,
  eifHistoryProjection,
  onboardingFormsProjection,
  documentsProjection,
  conversationsProjection,
  censusMappingsProjection,
  personalDataAccessProjection,
];

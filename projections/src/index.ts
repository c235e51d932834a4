import type pg from 'pg';
import type { CheckpointedConsumer } from '@onboard/events';
import { clientViewProjection, migrateClientView } from './client-view.ts';
import { changeLogProjection, migrateChangeLog } from './change-log.ts';
import { migrateUsers, usersProjection } from './users.ts';
import { emailsProjection, migrateEmails } from './emails.ts';
import { apiJobsProjection, migrateApiJobs } from './api-jobs.ts';
import { explorerPagesProjection, migrateExplorerPages } from './explorer-pages.ts';

export {
  clientViewProjection,
  changeLogProjection,
  usersProjection,
  emailsProjection,
  apiJobsProjection,
  explorerPagesProjection,
};

/** Every named projection; `npm run projections:rebuild -- <name>` takes one of these names. */
export const projections: readonly CheckpointedConsumer[] = [
  clientViewProjection,
  changeLogProjection,
  usersProjection,
  emailsProjection,
  apiJobsProjection,
  explorerPagesProjection,
];

export async function migrateReadModels(pool: pg.Pool) {
  await migrateClientView(pool);
  await migrateChangeLog(pool);
  await migrateUsers(pool);
  await migrateEmails(pool);
  await migrateApiJobs(pool);
  await migrateExplorerPages(pool);
}

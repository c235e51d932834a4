import type pg from 'pg';
import type { CheckpointedConsumer } from '../../events/src/index.ts';
import { clientViewProjection, migrateClientView } from './client-view.ts';
import { changeLogProjection, migrateChangeLog } from './change-log.ts';

export { clientViewProjection, changeLogProjection };

/** Every named projection; `npm run projections:rebuild -- <name>` takes one of these names. */
export const projections: readonly CheckpointedConsumer[] = [clientViewProjection, changeLogProjection];

export async function migrateReadModels(pool: pg.Pool) {
  await migrateClientView(pool);
  await migrateChangeLog(pool);
}

import type pg from 'pg';
import type { Authenticate } from '@onboard/api-contract/access';

export {
  requireActor,
  requireClientAccess,
  requirePermission,
  type Authenticate,
} from '@onboard/api-contract/access';

export type QueryDeps = {
  pool: pg.Pool;
  authenticate: Authenticate;
  /** The clock of date-relative filters (a task due this week); the real one when left out. */
  now?: () => Date;
};

import type { EventStore, SnapshotStore } from '@onboard/events';
import type { Queryable } from '@onboard/api-contract/people';
import type { Authenticate } from '@onboard/api-contract/access';

export {
  requireActor,
  requireClientAccess,
  requirePermission,
  type Authenticate,
} from '@onboard/api-contract/access';

export type CommandDeps = {
  store: EventStore;
  /** Optional: long streams load from their latest snapshot. */
  snapshots?: SnapshotStore;
  authenticate: Authenticate;
  now: () => Date;
  newId: () => string;
  /** Optional: where the lifecycle answers find the names of the people a view names. */
  people?: Queryable;
};

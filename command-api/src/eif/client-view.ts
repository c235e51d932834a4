import { eifStream, loadAggregate, type EventStore, type SnapshotStore } from '@onboard/events';
import { eifCodec, toClientView, type ClientView } from '@onboard/domain';

type EifDeps = { store: EventStore; snapshots?: SnapshotStore };

/** The client's EIF as its stream holds it now, folded from the latest snapshot, with its revision. */
export const loadEif = (deps: EifDeps, clientId: string) =>
  loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream: eifStream(clientId),
    codec: eifCodec,
  });

/** The client's view as its EIF stream holds it now (from the latest snapshot); null for no such client. */
export async function loadClientView(deps: EifDeps, clientId: string): Promise<ClientView | null> {
  const loaded = await loadEif(deps, clientId);
  return toClientView(loaded.state, loaded.revision);
}

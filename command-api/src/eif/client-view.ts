import { eifStream, loadAggregate, type EventStore, type SnapshotStore } from '@onboard/events';
import { eifCodec, toClientView, type ClientView } from '@onboard/domain';

/** The client's view as its EIF stream holds it now (from the latest snapshot); null for no such client. */
export async function loadClientView(
  deps: { store: EventStore; snapshots?: SnapshotStore },
  clientId: string,
): Promise<ClientView | null> {
  const loaded = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream: eifStream(clientId),
    codec: eifCodec,
  });
  return toClientView(loaded.state, loaded.revision);
}

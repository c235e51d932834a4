import type { EventStore, RecordedEvent } from './port.ts';
import { openEvents, sealEvents, type PersonalDataCatalogue } from '../personal-data/codec.ts';
import type { DataKeys } from '../personal-data/port.ts';

/**
 * The event store with personal data sealed at rest: events are sealed on append and opened on every read,
 * so deciders, projections and reactors see plain values (or 'erased'). `raw` is the store as kept, for
 * what must see the ciphertexts (the evidence pack's hash chain).
 */
export type SealingEventStore = EventStore & { raw: EventStore };

export function sealPersonalData(
  inner: EventStore,
  keys: DataKeys,
  catalogue: PersonalDataCatalogue,
): SealingEventStore {
  const open = (events: RecordedEvent[]) => openEvents(keys, events);
  return {
    raw: inner,
    append: async (stream, events, expected) =>
      inner.append(stream, await sealEvents(catalogue, keys, events), expected),
    readStream: async (stream, options) => open(await inner.readStream(stream, options)),
    readAll: async (options) => {
      const page = await inner.readAll(options);
      return { ...page, events: await open(page.events) };
    },
    subscribeToAll: (options) =>
      inner.subscribeToAll({ ...options, onBatch: async (events) => options.onBatch(await open(events)) }),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };
}

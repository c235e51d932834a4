import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from './port.ts';
import {
  keepAppended,
  keptAggregate,
  loadAggregate,
  type AggregateCodec,
  type SnapshotStore,
} from './snapshots.ts';

type Sum = { total: number; seen: number[] };

/** Streams of numbers, read from the revision asked; the store records each read's starting revision. */
function numberStore() {
  const events: RecordedEvent[] = [];
  const reads: bigint[] = [];
  const store = {
    readStream: async (stream: string, options: { fromRevision?: bigint; maxCount?: number } = {}) => {
      reads.push(options.fromRevision ?? 0n);
      return events
        .filter((e) => e.streamName === stream && e.revision >= (options.fromRevision ?? 0n))
        .slice(0, options.maxCount);
    },
  } as unknown as EventStore;
  const add = (stream: string, value: number) => {
    const revision = BigInt(events.filter((e) => e.streamName === stream).length);
    events.push({
      id: `${stream}-${revision}`,
      type: 'Added',
      data: { value },
      metadata: { actorId: 'test', actorRole: 'SLF_ADMIN', occurredAt: '', correlationId: '' },
      streamName: stream,
      revision,
      position: { commit: BigInt(events.length), prepare: BigInt(events.length) },
      recordedAt: new Date(0),
    });
  };
  return { store, add, reads };
}

const codec = (keepsState: boolean): AggregateCodec<Sum, number> => ({
  schema: 'sum-v1',
  initial: () => ({ total: 0, seen: [] }),
  parse: (recorded) => (recorded.data as { value: number }).value,
  fold: (values, state) => ({
    total: values.reduce((sum, v) => sum + v, state.total),
    seen: [...state.seen, ...values],
  }),
  toSnapshot: (state) => state,
  fromSnapshot: (snapshot) => snapshot as Sum,
  keepsState,
});

const noSnapshots: SnapshotStore = { load: async () => null, save: async () => undefined };

describe('loadAggregate', () => {
  it('folds on from the state it kept, reading only the events after it, to the state a full load gives', async () => {
    const { store, add, reads } = numberStore();
    for (const value of [1, 2, 3]) add('sum-a', value);
    const load = (keepsState: boolean) =>
      loadAggregate({ store, snapshots: noSnapshots, stream: 'sum-a', codec: codec(keepsState) });

    expect(await load(true)).toEqual({ state: { total: 6, seen: [1, 2, 3] }, revision: 2n });
    add('sum-a', 4);
    add('sum-a', 5);
    reads.length = 0;
    const kept = await load(true);
    expect(reads).toEqual([3n]);
    const full = await load(false);
    expect(reads).toEqual([3n, 0n]);
    expect(kept).toEqual(full);
    expect(kept).toEqual({ state: { total: 15, seen: [1, 2, 3, 4, 5] }, revision: 4n });
  });

  it('keeps nothing for a codec that may change the state it folds, nor for a load up to a revision', async () => {
    const { store, add, reads } = numberStore();
    for (const value of [1, 2]) add('sum-b', value);
    await loadAggregate({ store, stream: 'sum-b', codec: codec(false) });
    await loadAggregate({ store, stream: 'sum-b', codec: codec(false) });
    expect(reads).toEqual([0n, 0n]);
    const upTo = await loadAggregate({ store, stream: 'sum-b', codec: codec(true), upTo: 0n });
    expect(upTo).toEqual({ state: { total: 1, seen: [1] }, revision: 0n });
    expect(await loadAggregate({ store, stream: 'sum-b', codec: codec(true) })).toEqual({
      state: { total: 3, seen: [1, 2] },
      revision: 1n,
    });
    expect(reads).toEqual([0n, 0n, 0n, 0n]);
  });

  it('keeps what an append made: the next load reads only the events after it, the state a full load gives', async () => {
    const { store, add, reads } = numberStore();
    add('sum-c', 1);
    const before = await loadAggregate({ store, stream: 'sum-c', codec: codec(true) });
    expect(keptAggregate(store, 'sum-c', codec(true))).toEqual(before);
    add('sum-c', 2);
    const appended = [
      {
        id: 'sum-c-1',
        type: 'Added',
        data: { value: 2 },
        metadata: { actorId: 'test', actorRole: 'SLF_ADMIN', occurredAt: '', correlationId: '' },
      },
    ];
    keepAppended(store, 'sum-c', codec(true), before, appended, { commit: 1n, prepare: 1n });
    expect(keptAggregate(store, 'sum-c', codec(true))).toEqual({
      state: { total: 3, seen: [1, 2] },
      revision: 1n,
    });
    reads.length = 0;
    const kept = await loadAggregate({ store, stream: 'sum-c', codec: codec(true) });
    expect(reads).toEqual([2n]);
    expect(kept).toEqual(await loadAggregate({ store, stream: 'sum-c', codec: codec(false) }));
    expect(keptAggregate(store, 'sum-c', codec(false))).toBeNull();
  });

  it('forgets a stream whose appended events do not fold, so the next load reads it', async () => {
    const { store, add, reads } = numberStore();
    add('sum-d', 1);
    const before = await loadAggregate({ store, stream: 'sum-d', codec: codec(true) });
    const throwing: AggregateCodec<Sum, number> = {
      ...codec(true),
      parse: () => {
        throw new Error('unknown event');
      },
    };
    keepAppended(
      store,
      'sum-d',
      throwing,
      before,
      [
        {
          id: 'x',
          type: 'Unknown',
          data: {},
          metadata: { actorId: 'test', actorRole: 'SLF_ADMIN', occurredAt: '', correlationId: '' },
        },
      ],
      { commit: 1n, prepare: 1n },
    );
    expect(keptAggregate(store, 'sum-d', codec(true))).toBeNull();
    reads.length = 0;
    await loadAggregate({ store, stream: 'sum-d', codec: codec(true) });
    expect(reads).toEqual([0n]);
  });
});

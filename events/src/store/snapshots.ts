import type pg from 'pg';
import type { EventStore, RecordedEvent } from './port.ts';

/**
 * Snapshots of folded aggregate state, so a long stream is replayed from its latest snapshot plus the
 * events after it. A snapshot is derived data: it carries the schema of the state it holds, and one
 * whose schema differs from the code's is ignored (and replaced on the next load).
 */
export type SnapshotStore = {
  /** The latest snapshot at or below `maxRevision` (any revision when absent). */
  load: (
    stream: string,
    schema: string,
    maxRevision?: bigint,
  ) => Promise<{ revision: bigint; state: unknown } | null>;
  save: (stream: string, schema: string, revision: bigint, state: unknown) => Promise<void>;
};

/** Kept in PostgreSQL in both topologies (beside the read models when events live in EventStoreDB). */
export function createPostgresSnapshotStore(pool: pg.Pool): SnapshotStore {
  return {
    load: async (stream, schema, maxRevision) => {
      const { rows } = await pool.query<{ revision: string; state: unknown }>(
        `select revision, state from es_snapshots
         where stream_name = $1 and schema = $2 and ($3::bigint is null or revision <= $3::bigint)
         order by revision desc limit 1`,
        [stream, schema, maxRevision === undefined ? null : maxRevision.toString()],
      );
      const row = rows[0];
      return row ? { revision: BigInt(row.revision), state: row.state } : null;
    },
    save: async (stream, schema, revision, state) => {
      await pool.query(
        `insert into es_snapshots (stream_name, revision, schema, state) values ($1, $2, $3, $4)
         on conflict (stream_name, revision) do update set schema = excluded.schema, state = excluded.state, taken_at = now()`,
        [stream, revision.toString(), schema, JSON.stringify(state)],
      );
    },
  };
}

export type AggregateCodec<S, E> = {
  /** Names the state's layout; bump it when the layout changes. */
  schema: string;
  initial: () => S;
  parse: (recorded: RecordedEvent) => E;
  fold: (events: readonly E[], state: S) => S;
  toSnapshot: (state: S) => unknown;
  fromSnapshot: (snapshot: unknown) => S;
};

export const SNAPSHOT_EVERY = 200;

/**
 * Loads an aggregate: the latest usable snapshot, then the events after it (up to `upTo` when given).
 * When more than SNAPSHOT_EVERY events had to be folded, a new snapshot is taken at the revision reached.
 * `revision` is the stream revision the state reflects (-1 for a stream with no events).
 */
export async function loadAggregate<S, E>(options: {
  store: EventStore;
  snapshots?: SnapshotStore;
  stream: string;
  codec: AggregateCodec<S, E>;
  upTo?: bigint;
}): Promise<{ state: S; revision: bigint }> {
  const { store, snapshots, stream, codec, upTo } = options;
  const snapshot = (await snapshots?.load(stream, codec.schema, upTo)) ?? null;
  const from = snapshot ? snapshot.revision + 1n : 0n;
  const maxCount = upTo === undefined ? undefined : Number(upTo - from + 1n);
  const tail = maxCount === 0 ? [] : await store.readStream(stream, { fromRevision: from, maxCount });
  const base = snapshot ? codec.fromSnapshot(snapshot.state) : codec.initial();
  const state = codec.fold(tail.map(codec.parse), base);
  const revision = tail.length > 0 ? tail[tail.length - 1]!.revision : (snapshot?.revision ?? -1n);
  if (snapshots && tail.length > SNAPSHOT_EVERY)
    await snapshots.save(stream, codec.schema, revision, codec.toSnapshot(state));
  return { state, revision };
}

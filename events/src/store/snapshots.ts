import type pg from 'pg';
import type { EventStore, NewEvent, Position, RecordedEvent } from './port.ts';

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
  /**
   * True when `fold` never changes the state it is given (and callers never change a loaded state): the
   * process may then keep the latest state of a stream and fold on from it (see loadAggregate).
   */
  keepsState?: boolean;
};

export const SNAPSHOT_EVERY = 200;

/**
 * The latest state this process loaded of each stream, per store and codec schema, for codecs whose fold
 * keeps the state it is given: a command reads only the events after it (usually none or one) instead of
 * the snapshot and every event since. Events are never changed or removed once stored, so a kept state at
 * revision r plus the stream after r is the state a full load gives. The least recently used go first.
 */
const KEPT_STATES = 512;
const keptStates = new WeakMap<EventStore, Map<string, { revision: bigint; state: unknown }>>();

function keptFor(store: EventStore) {
  let kept = keptStates.get(store);
  if (!kept) {
    kept = new Map();
    keptStates.set(store, kept);
  }
  return kept;
}

function keep(
  kept: Map<string, { revision: bigint; state: unknown }>,
  key: string,
  revision: bigint,
  state: unknown,
) {
  const current = kept.get(key);
  // A slower load that read an older revision never replaces a newer one.
  if (current && current.revision > revision) return;
  kept.delete(key);
  kept.set(key, { revision, state });
  if (kept.size > KEPT_STATES) kept.delete(kept.keys().next().value!);
}

/**
 * The state this process keeps of a stream (codecs with `keepsState`), or null. It may be behind the
 * stream (another process wrote since): decide against it only to append with its revision expected, so
 * a write that went first turns the append down.
 */
export function keptAggregate<S, E>(
  store: EventStore,
  stream: string,
  codec: AggregateCodec<S, E>,
): { state: S; revision: bigint } | null {
  if (!codec.keepsState) return null;
  const known = keptFor(store).get(`${codec.schema}\u0000${stream}`);
  return known ? { revision: known.revision, state: known.state as S } : null;
}

/**
 * Keeps what an append made of a stream: `state` at `revision` folded with the events appended after it
 * (read back as a load reads them: their data through JSON and the codec's parse), now at their revision.
 */
export function keepAppended<S, E>(
  store: EventStore,
  stream: string,
  codec: AggregateCodec<S, E>,
  from: { state: S; revision: bigint },
  appended: readonly NewEvent[],
  position: Position,
) {
  if (!codec.keepsState || appended.length === 0) return;
  const kept = keptFor(store);
  const key = `${codec.schema}\u0000${stream}`;
  try {
    const recordedAt = new Date();
    const recorded = appended.map((event, i): RecordedEvent => ({
      ...event,
      data: JSON.parse(JSON.stringify(event.data)) as unknown,
      streamName: stream,
      revision: from.revision + 1n + BigInt(i),
      position,
      recordedAt,
    }));
    const state = codec.fold(recorded.map(codec.parse), from.state);
    keep(kept, key, recorded[recorded.length - 1]!.revision, state);
  } catch {
    // The write stands whatever its events fold to here; the next command reads the stream instead.
    kept.delete(key);
  }
}

/**
 * Loads an aggregate: the latest usable snapshot, then the events after it (up to `upTo` when given).
 * When more than SNAPSHOT_EVERY events had to be folded, a new snapshot is taken at the revision reached.
 * `revision` is the stream revision the state reflects (-1 for a stream with no events). For a codec that
 * keeps states (`keepsState`), the latest load is folded on from instead of the snapshot.
 */
export async function loadAggregate<S, E>(options: {
  store: EventStore;
  snapshots?: SnapshotStore;
  stream: string;
  codec: AggregateCodec<S, E>;
  upTo?: bigint;
}): Promise<{ state: S; revision: bigint }> {
  const { store, snapshots, stream, codec, upTo } = options;
  const kept = codec.keepsState && upTo === undefined ? keptFor(store) : null;
  const key = `${codec.schema}\u0000${stream}`;
  const known = kept?.get(key);
  const snapshot = known ? null : ((await snapshots?.load(stream, codec.schema, upTo)) ?? null);
  const base = known
    ? { revision: known.revision, state: known.state as S }
    : snapshot
      ? { revision: snapshot.revision, state: codec.fromSnapshot(snapshot.state) }
      : { revision: -1n, state: codec.initial() };
  const from = base.revision + 1n;
  const maxCount = upTo === undefined ? undefined : Number(upTo - from + 1n);
  const tail = maxCount === 0 ? [] : await store.readStream(stream, { fromRevision: from, maxCount });
  const state = codec.fold(tail.map(codec.parse), base.state);
  const revision = tail.length > 0 ? tail[tail.length - 1]!.revision : base.revision;
  if (snapshots && tail.length > SNAPSHOT_EVERY)
    await snapshots.save(stream, codec.schema, revision, codec.toSnapshot(state));
  if (kept) keep(kept, key, revision, state);
  return { state, revision };
}

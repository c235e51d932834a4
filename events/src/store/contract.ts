import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  comparePositions,
  parsePosition,
  serialisePosition,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type Subscription,
} from './port.ts';

/**
 * The behaviour every event-store adapter must have (design brief, "Event store semantics"). Each test
 * owns its streams and event types (uuids), so the suite runs against a shared, non-empty store.
 */

const OCCURRED_AT = '2025-01-15T09:30:00.000Z';

function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { actorId: 'user-1', actorRole: 'admin', occurredAt: OCCURRED_AT, correlationId: randomUUID() },
  };
}

const streamName = () => `contract-${randomUUID()}`;
const uniqueType = (label: string) => `${label}_${randomUUID().replaceAll('-', '')}`;

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function readAllOf(
  store: EventStore,
  from: Position,
  types: string[],
  pageSize = 100,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let position = from;
  for (;;) {
    const page = await store.readAll({ from: position, maxCount: pageSize, filter: { eventTypes: types } });
    events.push(...page.events);
    position = page.next;
    if (page.isEnd) return events;
  }
}

function collect(store: EventStore, from: Position, types: string[], batchSize?: number) {
  const seen: RecordedEvent[] = [];
  const errors: unknown[] = [];
  const subscription: Subscription = store.subscribeToAll({
    from,
    filter: { eventTypes: types },
    batchSize,
    onBatch: async (events) => {
      seen.push(...events);
    },
    onError: (error) => errors.push(error),
  });
  return { seen, errors, subscription };
}

export function describeEventStoreContract(
  name: string,
  setup: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>,
): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      ({ store, cleanup } = await setup());
    });
    afterAll(async () => {
      await cleanup();
    });

    const storeUnderTest = () => store;
    describeAppending(storeUnderTest);
    describeReading(storeUnderTest);
    describeSubscribing(storeUnderTest);
    describeConcurrentAppenders(storeUnderTest);
  });
}

function describeAppending(storeUnderTest: () => EventStore): void {
  describe('appending', () => {
    let store: EventStore;
    beforeAll(() => {
      store = storeUnderTest();
    });

    it('appends and reads a stream back with revisions, data and metadata', async () => {
      const stream = streamName();
      const events = [
        newEvent('EifEdited', { field: 'name', value: 'Acme' }),
        newEvent('EifSigned', { by: 'x' }),
      ];
      const result = await store.append(stream, events, 'no_stream');
      expect(result.nextExpectedRevision).toBe(1n);

      const read = await store.readStream(stream);
      expect(read.map((e) => [e.id, e.type, e.revision, e.streamName])).toEqual([
        [events[0]!.id, 'EifEdited', 0n, stream],
        [events[1]!.id, 'EifSigned', 1n, stream],
      ]);
      expect(read[0]!.data).toEqual({ field: 'name', value: 'Acme' });
      expect(read[1]!.metadata).toEqual(events[1]!.metadata);
      expect(read[0]!.recordedAt).toBeInstanceOf(Date);
      expect(comparePositions(read[0]!.position, read[1]!.position)).toBe(-1);
      expect(comparePositions(read[1]!.position, result.position)).toBe(0);
    });

    it('refuses no_stream on an existing stream and appends nothing', async () => {
      const stream = streamName();
      await store.append(stream, [newEvent('A')], 'no_stream');
      const error = await store.append(stream, [newEvent('A')], 'no_stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe(0n);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('appends with any whether or not the stream exists', async () => {
      const stream = streamName();
      expect((await store.append(stream, [newEvent('A')], 'any')).nextExpectedRevision).toBe(0n);
      expect((await store.append(stream, [newEvent('A'), newEvent('B')], 'any')).nextExpectedRevision).toBe(
        2n,
      );
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    });

    it('appends at the exact revision and refuses a stale one without appending', async () => {
      const stream = streamName();
      await store.append(stream, [newEvent('A'), newEvent('B')], 'no_stream');
      expect((await store.append(stream, [newEvent('C')], 1n)).nextExpectedRevision).toBe(2n);

      const stale = newEvent('Stale');
      const error = await store.append(stream, [stale], 1n).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream, expected: 1n, actual: 2n });
      const read = await store.readStream(stream);
      expect(read.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(read.some((e) => e.id === stale.id)).toBe(false);
    });

    it('refuses an exact revision on a stream that does not exist', async () => {
      const stream = streamName();
      const error = await store.append(stream, [newEvent('A')], 0n).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe('no_stream');
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('treats re-appending the same event ids as a success without duplicates', async () => {
      const stream = streamName();
      const events = [newEvent('A'), newEvent('B')];
      const first = await store.append(stream, events, 'no_stream');
      const again = await store.append(stream, events, 'no_stream');
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      await store.append(stream, events, 'any');
      expect((await store.readStream(stream)).map((e) => e.id)).toEqual(events.map((e) => e.id));
    });

    it('refuses a re-append that mixes stored and new ids, appending nothing', async () => {
      const stream = streamName();
      const events = [newEvent('A'), newEvent('B')];
      await store.append(stream, events, 'no_stream');
      await expect(store.append(stream, [events[0]!, newEvent('C')], 'no_stream')).rejects.toThrow();
      expect((await store.readStream(stream)).map((e) => e.id)).toEqual(events.map((e) => e.id));
    });
  });
}

function describeReading(storeUnderTest: () => EventStore): void {
  describe('reading', () => {
    let store: EventStore;
    beforeAll(() => {
      store = storeUnderTest();
    });

    it('reads a missing stream as empty', async () => {
      expect(await store.readStream(streamName())).toEqual([]);
    });

    it('reads a stream forwards from a revision with a maximum count', async () => {
      const stream = streamName();
      await store.append(
        stream,
        Array.from({ length: 6 }, (_, i) => newEvent('N', { i })),
        'no_stream',
      );
      const read = await store.readStream(stream, { fromRevision: 2n, maxCount: 3 });
      expect(read.map((e) => e.revision)).toEqual([2n, 3n, 4n]);
      expect(read.map((e) => e.data)).toEqual([{ i: 2 }, { i: 3 }, { i: 4 }]);
      expect(await store.readStream(stream, { fromRevision: 10n })).toEqual([]);
    });

    it('reads all events in commit order, with a type filter and paging', async () => {
      const [typeA, typeB] = [uniqueType('AllA'), uniqueType('AllB')];
      const from = await store.headPosition();
      const [s1, s2] = [streamName(), streamName()];
      const appended = [newEvent(typeA, { n: 1 }), newEvent(typeB, { n: 2 }), newEvent(typeA, { n: 3 })];
      await store.append(s1, [appended[0]!], 'no_stream');
      await store.append(s2, [appended[1]!], 'no_stream');
      await store.append(s1, [appended[2]!], 0n);

      const both = await readAllOf(store, from, [typeA, typeB]);
      expect(both.map((e) => e.id)).toEqual(appended.map((e) => e.id));
      for (let i = 1; i < both.length; i += 1) {
        expect(comparePositions(both[i - 1]!.position, both[i]!.position)).toBe(-1);
      }
      expect(comparePositions(both[0]!.position, from)).toBe(1);

      const onlyA = await readAllOf(store, from, [typeA], 1);
      expect(onlyA.map((e) => e.data)).toEqual([{ n: 1 }, { n: 3 }]);

      const unfiltered = await store.readAll({ from, maxCount: 1000 });
      const ours = unfiltered.events.filter((e) => e.type === typeA || e.type === typeB);
      expect(ours.map((e) => e.id)).toEqual(appended.map((e) => e.id));

      const firstPage = await store.readAll({ from, maxCount: 1, filter: { eventTypes: [typeA, typeB] } });
      expect(firstPage.events.map((e) => e.id)).toEqual([appended[0]!.id]);
      expect(firstPage.isEnd).toBe(false);
      expect(firstPage.next).toEqual(firstPage.events[0]!.position);

      const head = await store.headPosition();
      expect(comparePositions(head, both[2]!.position)).toBeGreaterThanOrEqual(0);
      const afterEnd = await store.readAll({
        from: both[2]!.position,
        maxCount: 10,
        filter: { eventTypes: [typeA] },
      });
      expect(afterEnd.events).toEqual([]);
      expect(afterEnd.isEnd).toBe(true);
      expect(comparePositions(afterEnd.next, both[2]!.position)).toBeGreaterThanOrEqual(0);
    });

    it('serialises positions to text and parses them back', async () => {
      const stream = streamName();
      const { position } = await store.append(stream, [newEvent('P')], 'no_stream');
      const text = serialisePosition(position);
      expect(JSON.parse(JSON.stringify({ text }))).toEqual({ text });
      expect(comparePositions(parsePosition(text), position)).toBe(0);
      expect(() => parsePosition('not/a-position')).toThrow();
    });
  });
}

function describeSubscribing(storeUnderTest: () => EventStore): void {
  describe('subscribing', () => {
    let store: EventStore;
    beforeAll(() => {
      store = storeUnderTest();
    });

    it('subscribes from a stored position: only later events, then events appended after it started', async () => {
      const type = uniqueType('Sub');
      const stream = streamName();
      const before = await store.append(
        stream,
        [newEvent(type, { n: 0 }), newEvent(type, { n: 1 })],
        'no_stream',
      );
      const stored = serialisePosition(before.position);
      await store.append(stream, [newEvent(type, { n: 2 })], 1n);

      const { seen, errors, subscription } = collect(store, parsePosition(stored), [type]);
      try {
        await waitFor(() => seen.length >= 1, 20_000, 'the event after the stored position');
        await store.append(stream, [newEvent(type, { n: 3 }), newEvent(type, { n: 4 })], 2n);
        await waitFor(() => seen.length >= 3, 20_000, 'events appended after subscribing');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(seen.map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
        expect(errors).toEqual([]);
      } finally {
        await subscription.close();
      }
    });

    it('stops a subscription and reports the error when onBatch throws', async () => {
      const type = uniqueType('Failing');
      const from = await store.headPosition();
      const errors: unknown[] = [];
      let calls = 0;
      const subscription = store.subscribeToAll({
        from,
        filter: { eventTypes: [type] },
        onBatch: async () => {
          calls += 1;
          throw new Error('projection failed');
        },
        onError: (error) => errors.push(error),
      });
      try {
        await store.append(streamName(), [newEvent(type)], 'no_stream');
        await waitFor(() => errors.length > 0, 20_000, 'onError');
        await store.append(streamName(), [newEvent(type)], 'no_stream');
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(calls).toBe(1);
        expect(errors).toHaveLength(1);
        expect((errors[0] as Error).message).toBe('projection failed');
      } finally {
        await subscription.close();
      }
    });
  });
}

function describeConcurrentAppenders(storeUnderTest: () => EventStore): void {
  describe('under concurrent appenders', () => {
    let store: EventStore;
    beforeAll(() => {
      store = storeUnderTest();
    });

    it('delivers every event exactly once, in commit order, under concurrent appenders', async () => {
      const type = uniqueType('Load');
      const streams = Array.from({ length: 20 }, streamName);
      const appendersPerStream = 4;
      const appendsPerAppender = 25;
      const total = streams.length * appendersPerStream * appendsPerAppender;
      const from = await store.headPosition();
      const { seen, errors, subscription } = collect(store, from, [type], 100);
      const appendedIds = new Set<string>();
      let conflicts = 0;

      const appender = async (stream: string, worker: number) => {
        let expected: ExpectedRevision = 'no_stream';
        for (let i = 0; i < appendsPerAppender; i += 1) {
          const event = newEvent(type, { stream, worker, i });
          for (;;) {
            try {
              expected = (await store.append(stream, [event], expected)).nextExpectedRevision;
              appendedIds.add(event.id);
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedRevisionError)) throw error;
              conflicts += 1;
              expected = error.actual;
            }
          }
        }
      };

      try {
        await Promise.all(
          streams.flatMap((s) => Array.from({ length: appendersPerStream }, (_, w) => appender(s, w))),
        );
        expect(appendedIds.size).toBe(total);
        expect(conflicts).toBeGreaterThan(0);

        await waitFor(() => seen.length >= total, 60_000, `${total} events in the subscription`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(errors).toEqual([]);
        expect(seen).toHaveLength(total);
        expect(new Set(seen.map((e) => e.id))).toEqual(appendedIds);
        for (let i = 1; i < seen.length; i += 1) {
          if (comparePositions(seen[i - 1]!.position, seen[i]!.position) !== -1) {
            throw new Error(`positions not strictly increasing at ${i}`);
          }
        }
        for (const stream of streams) {
          const revisions = seen.filter((e) => e.streamName === stream).map((e) => e.revision);
          expect(revisions).toEqual(Array.from({ length: revisions.length }, (_, i) => BigInt(i)));
        }
        const replayed = await readAllOf(store, from, [type], 500);
        expect(replayed.map((e) => e.id)).toEqual(seen.map((e) => e.id));
      } finally {
        await subscription.close();
      }
    });
  });
}

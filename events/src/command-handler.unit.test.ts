import { describe, expect, it } from 'vitest';
import { handleCommand, type StreamDecider } from './command-handler.ts';
import {
  START,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from './store/port.ts';

/** A store of one process's memory, with the port's revision checks: enough for the handler. */
function memoryStore() {
  const streams = new Map<string, RecordedEvent[]>();
  const store = {
    readStream: async (stream: string) => [...(streams.get(stream) ?? [])],
    append: async (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => {
      const current = streams.get(stream) ?? [];
      const actual = current.length === 0 ? ('no_stream' as const) : BigInt(current.length - 1);
      if (expected !== 'any' && expected !== actual)
        throw new WrongExpectedRevisionError(stream, expected, actual);
      const next = [
        ...current,
        ...events.map((e, i) => ({
          ...e,
          streamName: stream,
          revision: BigInt(current.length + i),
          position: START,
          recordedAt: new Date(0),
        })),
      ];
      streams.set(stream, next);
      return { nextExpectedRevision: BigInt(next.length - 1), position: START };
    },
  } as unknown as EventStore;
  return { store, streams };
}

type Counted = { type: 'Added'; data: { n: number } };
const counter: StreamDecider<number, { add: number }, Counted, { code: string; message: string }> = {
  initialState: () => 0,
  decide: (command, total) =>
    total + command.add > 10
      ? { ok: false, error: { code: 'TOO_MANY', message: 'At most 10' } }
      : { ok: true, events: command.add === 0 ? [] : [{ type: 'Added', data: { n: command.add } }] },
  evolve: (total, event) => total + event.data.n,
};
const metadata = {
  actorId: 'u-1',
  actorRole: 'SYSTEM',
  occurredAt: '2026-11-28T10:00:00.000Z',
  correlationId: 'c-1',
};
let ids = 0;
const newId = () => `id-${++ids}`;
const parse = (r: RecordedEvent) => ({ type: r.type, data: r.data }) as Counted;
const options = { stream: 's-1', metadata, newId, parse };

describe('the one command handler', () => {
  it('folds the stream, decides and appends at the revision read', async () => {
    const { store } = memoryStore();
    const first = await handleCommand(store, counter, { ...options, command: { add: 3 } });
    expect(first).toMatchObject({ ok: true, before: 0, after: 3, revision: 0n });
    const second = await handleCommand(store, counter, { ...options, command: (total) => ({ add: total }) });
    expect(second).toMatchObject({ ok: true, before: 3, after: 6, revision: 1n });
  });

  it('answers a refusal and appends nothing; nothing decided appends nothing', async () => {
    const { store, streams } = memoryStore();
    expect(await handleCommand(store, counter, { ...options, command: { add: 11 } })).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY' },
    });
    expect(await handleCommand(store, counter, { ...options, command: { add: 0 } })).toMatchObject({
      ok: true,
      appended: null,
      revision: -1n,
    });
    expect(streams.size).toBe(0);
  });

  it('decides several commands in turn and writes them in one append, or none', async () => {
    const { store, streams } = memoryStore();
    const refused = await handleCommand(store, counter, { ...options, command: [{ add: 6 }, { add: 6 }] });
    expect(refused.ok).toBe(false);
    expect(streams.size).toBe(0);
    const both = await handleCommand(store, counter, {
      ...options,
      command: [{ add: 2 }, { add: 4 }],
      eventId: (_, i) => `fixed-${i}`,
      metadata: (_, i, all) => (i === 0 ? metadata : { ...metadata, causationId: all[0]! }),
    });
    expect(both).toMatchObject({ ok: true, after: 6, revision: 1n });
    expect(streams.get('s-1')!.map((e) => [e.id, e.metadata.causationId])).toEqual([
      ['fixed-0', undefined],
      ['fixed-1', 'fixed-0'],
    ]);
  });

  it("'no_stream' claims a stream once; a write since the read is a conflict; 'any' adds up", async () => {
    const { store } = memoryStore();
    await handleCommand(store, counter, { ...options, appendAt: 'no_stream', command: { add: 1 } });
    await expect(
      handleCommand(store, counter, { ...options, appendAt: 'no_stream', command: { add: 1 } }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const stale = handleCommand(store, counter, {
      ...options,
      prelude: async () => {
        await handleCommand(store, counter, { ...options, command: { add: 1 } });
        return [];
      },
      command: { add: 1 },
    });
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const racing = await handleCommand(store, counter, {
      ...options,
      appendAt: 'any',
      prelude: async () => {
        await handleCommand(store, counter, { ...options, command: { add: 1 } });
        return [];
      },
      command: { add: 1 },
    });
    expect(racing).toMatchObject({ ok: true, revision: 3n });
  });

  it('decides on the state it is given, at its revision', async () => {
    const { store } = memoryStore();
    await handleCommand(store, counter, { ...options, command: { add: 5 } });
    const result = await handleCommand(store, counter, {
      ...options,
      read: async () => ({ state: 5, revision: 0n }),
      command: { add: 5 },
    });
    expect(result).toMatchObject({ ok: true, before: 5, after: 10, revision: 1n });
  });
});

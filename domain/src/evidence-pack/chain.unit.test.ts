import { describe, expect, it } from 'vitest';
import {
  CHAIN_GENESIS,
  buildChain,
  canonicalJson,
  chainedText,
  verifyChain,
  type ChainLink,
} from './chain.ts';
import { sha256 as sha256Bytes } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const sha256 = (text: string) => bytesToHex(sha256Bytes(utf8ToBytes(text)));

const events = [
  {
    stream: 'client-acme',
    revision: 0,
    type: 'ClientCreated',
    data: { name: 'Acme' },
    time: '2026-01-01T00:00:00.000Z',
  },
  {
    stream: 'eif-acme',
    revision: 0,
    type: 'EifEntityCreated',
    data: { b: 1, a: [1, { y: 2, x: 1 }] },
    time: '2026-01-01T00:00:01.000Z',
  },
  {
    stream: 'eif-acme',
    revision: 1,
    type: 'EifSigned',
    data: { by: 'Ben Adler' },
    time: '2026-01-02T00:00:00.000Z',
  },
  {
    stream: 'tasks-acme',
    revision: 0,
    type: 'TaskScheduled',
    data: { taskId: 'kickoff' },
    time: '2026-01-02T00:00:01.000Z',
  },
].map((e, i) => ({ ...e, storePosition: `${i + 1}/0` }));

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: undefined, x: null }], c: 'é' } })).toBe(
      '{"a":{"c":"é","d":[3,{"x":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([undefined, Number.NaN, 10n])).toBe('[null,null,"10"]');
  });
});

describe('the event chain', () => {
  it('chains link i over link i-1 and the event (stream, revision, type, data, time)', () => {
    const chain = buildChain(sha256, events);
    expect(chain.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    expect(chain[0]!.hash).toBe(sha256(CHAIN_GENESIS + chainedText(events[0]!)));
    expect(chain[1]!.hash).toBe(
      sha256(
        chain[0]!.hash +
          '{"data":{"a":[1,{"x":1,"y":2}],"b":1},"revision":0,"stream":"eif-acme","time":"2026-01-01T00:00:01.000Z","type":"EifEntityCreated"}',
      ),
    );
    expect(verifyChain(sha256, chain, chain[3]!.hash)).toEqual({
      holds: true,
      links: 4,
      head: chain[3]!.hash,
    });
  });

  it('names the first link that does not hold when an event changed', () => {
    const chain = buildChain(sha256, events);
    const changed: ChainLink[] = chain.map((l) =>
      l.position === 3 ? { ...l, data: { by: 'Someone else' } } : l,
    );
    expect(verifyChain(sha256, changed)).toMatchObject({
      holds: false,
      position: 3,
      reason: 'Event chain link 3 (eif-acme revision 1) does not hold: the event or its hash was changed',
    });
  });

  it('names a changed hash, a dropped event and a swapped order', () => {
    const chain = buildChain(sha256, events);
    const badHash = chain.map((l) => (l.position === 2 ? { ...l, hash: sha256('x') } : l));
    expect(verifyChain(sha256, badHash)).toMatchObject({ holds: false, position: 2 });

    const dropped = [chain[0]!, ...chain.slice(2)];
    expect(verifyChain(sha256, dropped)).toMatchObject({ holds: false, position: 2 });
    const renumbered = dropped.map((l, i) => ({ ...l, position: i + 1 }));
    expect(verifyChain(sha256, renumbered)).toMatchObject({ holds: false, position: 2 });

    const swapped = [chain[1]!, chain[0]!, ...chain.slice(2)].map((l, i) => ({ ...l, position: i + 1 }));
    expect(verifyChain(sha256, swapped)).toMatchObject({ holds: false, position: 1 });
  });

  it('refuses a chain cut short of the head the pack names', () => {
    const chain = buildChain(sha256, events);
    const check = verifyChain(sha256, chain.slice(0, 3), chain[3]!.hash);
    expect(check.holds).toBe(false);
    if (!check.holds) expect(check.reason).toMatch(/^Event chain head does not hold/);
    expect(verifyChain(sha256, [])).toEqual({ holds: true, links: 0, head: CHAIN_GENESIS });
  });
});

/**
 * The hash chain of an evidence pack: every event of a client's streams, in the order the store
 * committed them, each link the SHA-256 of the link before it and the event's canonical JSON. Changing,
 * dropping, adding or reordering any event breaks its link and every link after it, so a verifier names
 * the first one that does not hold. Pure: the hash function comes in as an argument (node's crypto on the
 * server, the same SHA-256 in a verifier).
 */

/** Hex SHA-256 of a UTF-8 string. */
export type Sha256Hex = (text: string) => string;

/** The link before the first event. */
export const CHAIN_GENESIS = '0'.repeat(64);

/** What a link covers of an event: its stream, revision, type, data and time. */
export type ChainEvent = {
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  /** When it happened (ISO-8601), as the event's metadata says. */
  time: string;
};

/** One link: the event, its place in the chain (1-based) and in the store, and the link's hash. */
export type ChainLink = ChainEvent & {
  position: number;
  /** The store's global position ("commit/prepare"), for a reader; not part of the hash. */
  storePosition: string;
  hash: string;
};

/**
 * JSON with object keys sorted (by UTF-16 code unit, as Array.prototype.sort does) and no whitespace;
 * `undefined` members are left out as JSON.stringify does. The same value always gives the same text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The text an event's link hashes after the previous link. */
export const chainedText = (event: ChainEvent) =>
  canonicalJson({
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    data: event.data,
    time: event.time,
  });

/** Link i = SHA-256(link i-1 || canonical JSON of event i), the first after CHAIN_GENESIS. */
export const nextLink = (sha256: Sha256Hex, previous: string, event: ChainEvent) =>
  sha256(previous + chainedText(event));

export function buildChain(
  sha256: Sha256Hex,
  events: readonly (ChainEvent & { storePosition: string })[],
): ChainLink[] {
  let previous = CHAIN_GENESIS;
  return events.map((event, i) => {
    const hash = nextLink(sha256, previous, event);
    previous = hash;
    return {
      position: i + 1,
      storePosition: event.storePosition,
      stream: event.stream,
      revision: event.revision,
      type: event.type,
      data: event.data,
      time: event.time,
      hash,
    };
  });
}

export type ChainCheck =
  | { holds: true; links: number; head: string }
  | { holds: false; position: number; link: ChainLink | null; reason: string };

/** How a reader names a link: its place and the event it chains ("link 17 (eif-… revision 3)"). */
export const describeLink = (link: Pick<ChainLink, 'position' | 'stream' | 'revision'>) =>
  `link ${link.position} (${link.stream} revision ${link.revision})`;

/**
 * Recomputes every link from the genesis and names the first that does not hold: a stored hash that is
 * not the recomputed one, a position out of sequence, or (when given) a head that is not the last link.
 */
export function verifyChain(
  sha256: Sha256Hex,
  links: readonly ChainLink[],
  expectedHead?: string,
): ChainCheck {
  let previous = CHAIN_GENESIS;
  for (const [i, link] of links.entries()) {
    if (link.position !== i + 1)
      return {
        holds: false,
        position: i + 1,
        link,
        reason: `Event chain link ${i + 1} is out of sequence: it says it is link ${link.position}`,
      };
    const expected = nextLink(sha256, previous, link);
    if (expected !== link.hash)
      return {
        holds: false,
        position: link.position,
        link,
        reason: `Event chain ${describeLink(link)} does not hold: the event or its hash was changed`,
      };
    previous = link.hash;
  }
  if (expectedHead !== undefined && expectedHead !== previous)
    return {
      holds: false,
      position: links.length,
      link: links.at(-1) ?? null,
      reason: `Event chain head does not hold: the chain ends at ${previous.slice(0, 12)}…, the pack says ${expectedHead.slice(0, 12)}…`,
    };
  return { holds: true, links: links.length, head: previous };
}

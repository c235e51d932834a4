/**
 * The key a stream's events are shared out by across a projection's partitions: the client id for a
 * client's own streams (`eif-`, `client-`, `documents-`, `resources-`, `tasks-`, `data-feed-`,
 * `email-rules-`, `signatures-`, `personal-data-access-`, `personal-data-` followed by the client id), so a client's streams fall in one partition and keep their
 * order against each other; the stream's name for any other stream, which keeps its own order.
 */
const CLIENT_STREAM =
  /^(?:eif|client|documents|resources|tasks|data-feed|email-rules|signatures|personal-data-access|personal-data)-(.+)$/;

export function partitionKeyOf(streamName: string): string {
  return CLIENT_STREAM.exec(streamName)?.[1] ?? streamName;
}

/** The partition (0 to `partitions` - 1) of a stream: FNV-1a of its key, the same in every process. */
export function partitionOfStream(streamName: string, partitions: number): number {
  if (partitions <= 1) return 0;
  let h = 2166136261;
  for (const c of partitionKeyOf(streamName)) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % partitions;
}

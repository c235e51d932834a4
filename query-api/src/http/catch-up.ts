/** How long a read waits for a projection to reach what its reader knows was written, and how often it looks. */
const CATCH_UP_WAIT_MS = 2_000;
const CATCH_UP_POLL_MS = 25;

/**
 * Read-your-writes over an eventually consistent read model: a page that knows what its own write made
 * (a version, a finished job) asks for at least that; the read is repeated until `reached` holds or the
 * brief wait is over, and answers the last read either way.
 */
export async function readUntil<T>(read: () => Promise<T>, reached: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + CATCH_UP_WAIT_MS;
  let value = await read();
  while (!reached(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
    value = await read();
  }
  return value;
}

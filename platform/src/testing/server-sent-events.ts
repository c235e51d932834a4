/** One Server-Sent Event of the UI gateway's stream, its data parsed. */
export type ServerSentEvent = { id: string; event: string; data: unknown };

/**
 * Reads the UI gateway's stream (`/api/events/stream`) as the session in `cookie` until `enough` says so
 * or `ms` have passed, then closes the connection. `checkResponse` sees the answer before its body is read.
 */
export async function readServerSentEvents(
  url: string,
  cookie: string,
  options: {
    ms: number;
    enough?: (events: readonly ServerSentEvent[]) => boolean;
    lastEventId?: string;
    checkResponse?: (response: Response) => void;
  },
): Promise<ServerSentEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.ms);
  const response = await fetch(`${url}/api/events/stream`, {
    headers: { cookie, ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) },
    signal: controller.signal,
  });
  options.checkResponse?.(response);
  const events: ServerSentEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { value: chunk, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const data = field('data');
        if (data !== undefined)
          events.push({ id: field('id')!, event: field('event')!, data: JSON.parse(data) });
      }
      if (options.enough?.(events)) break;
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

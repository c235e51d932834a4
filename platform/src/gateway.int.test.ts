import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiJobStream } from '@onboard/events';
import { apiClient } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';
import { apiJobStatusChanged } from './testing/events.ts';
import { readServerSentEvents } from './testing/server-sent-events.ts';

/** Reads Server-Sent Events until `count` arrived (or the deadline), then closes the connection. */
const readEvents = (url: string, cookie: string, count: number, lastEventId?: string) =>
  readServerSentEvents(url, cookie, {
    ms: 15_000,
    enough: (events) => events.length >= count,
    lastEventId,
    checkResponse: (response) => expect(response.headers.get('content-type')).toContain('text/event-stream'),
  });

describe('UI gateway', () => {
  const portal = seededAppForTests('gateway');

  const cookieOf = async (email: string) => {
    const api = apiClient(portal.app.url);
    await api.signIn(email);
    return [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  };

  it('forwards push statuses from the event store to admins, and replays after Last-Event-ID', async () => {
    const cookie = await cookieOf('admin@onboard.example');
    const live = readEvents(portal.app.url, cookie, 3);
    await new Promise((r) => setTimeout(r, 300));
    const events = [
      apiJobStatusChanged('c-1', 'IN_PROGRESS'),
      apiJobStatusChanged('c-2', 'IN_PROGRESS'),
      apiJobStatusChanged('c-1', 'COMPLETED'),
    ];
    for (const event of events)
      await portal.app.store.append(apiJobStream(randomUUID()), [event], 'no_stream');
    const received = await live;
    expect(received.map((e) => e.event)).toEqual(['QPS_PUSH_STATUS', 'QPS_PUSH_STATUS', 'QPS_PUSH_STATUS']);
    expect(received.map((e) => e.data)).toEqual([
      { clientId: 'c-1', apiJobStatus: 'IN_PROGRESS' },
      { clientId: 'c-2', apiJobStatus: 'IN_PROGRESS' },
      { clientId: 'c-1', apiJobStatus: 'COMPLETED' },
    ]);

    // A browser that saw only the first message reconnects and gets the two it missed.
    const replayed = await readEvents(portal.app.url, cookie, 2, received[0]!.id);
    expect(replayed.map((e) => e.id)).toEqual([received[1]!.id, received[2]!.id]);
  });

  it('is for signed-in people only (a client’s people hear only their conversations: conversations.int.test.ts)', async () => {
    const anonymous = await fetch(`${portal.app.url}/api/events/stream`);
    expect(anonymous.status).toBe(401);
    const benAdmin = await fetch(`${portal.app.url}/api/events/stream`, {
      headers: { cookie: await cookieOf('benadmin@onboard.example') },
    });
    expect(benAdmin.status).toBe(200);
    await benAdmin.body?.cancel();
    const owner = await fetch(`${portal.app.url}/api/events/stream`, {
      headers: { cookie: await cookieOf('owner@onboard.example') },
    });
    expect(owner.status).toBe(200);
    await owner.body?.cancel();
  });
});

import { describe, expect, it } from 'vitest';
import { portalChatStream } from '@onboard/events';
import { SUPPORT_MESSAGES } from '@onboard/domain';
import { DEMO_CLIENT_ID } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';

const chats = '/api/support/conversations';

// The portal's support chat over HTTP: a benefits administrator asks, staff answer; nobody else reads it.
describe("the portal's support chat", () => {
  let conversationId = '';

  const portal = seededAppForTests('portal_support_chat', ['staff', 'benAdmin', 'broker']);

  it('a signed-in user opens a chat about their client and writes in it; an empty message is refused', async () => {
    expect((await apiClient(portal.app.url).get(chats)).status).toBe(401);
    const opened = await portal.benAdmin.post(chats, {
      clientId: DEMO_CLIENT_ID,
      page: `/client/${DEMO_CLIENT_ID}`,
    });
    expect(opened.status).toBe(201);
    conversationId = opened.body.conversationId;
    const empty = await portal.benAdmin.post(`${chats}/${conversationId}/messages`, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.validationError).toEqual({ 'body.text': SUPPORT_MESSAGES.textRequired });
    const asked = await portal.benAdmin.post(`${chats}/${conversationId}/messages`, {
      text: 'Where do I upload the census?',
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ author: 'user', text: 'Where do I upload the census?' });
    const events = await portal.app.store.readStream(portalChatStream(conversationId));
    expect(events.map((e) => e.type)).toEqual(['PortalChatStarted', 'PortalChatMessagePosted']);
  });

  it('a client that is not the user’s own cannot be named', async () => {
    expect((await portal.benAdmin.post(chats, { clientId: 'someone-elses-client' })).status).toBe(403);
  });

  it('staff see it waiting, by the user’s and the client’s names, and answer; the user reads the answer', async () => {
    const waiting = await eventually(async () => {
      const answer = await portal.staff.get(`${chats}?waiting=true`);
      expect(answer.status).toBe(200);
      expect(answer.body.items.map((c: { conversationId: string }) => c.conversationId)).toContain(
        conversationId,
      );
      return answer.body.items.find((c: { conversationId: string }) => c.conversationId === conversationId);
    });
    expect(waiting).toMatchObject({
      user: { name: expect.stringMatching(/\S+ \S+/), email: 'benadmin@onboard.example', role: 'BEN_ADMIN' },
      client: { clientId: DEMO_CLIENT_ID, name: expect.any(String) },
      isWaitingForReply: true,
    });
    expect(waiting.client.name).not.toBe(DEMO_CLIENT_ID);
    const answered = await portal.staff.post(`${chats}/${conversationId}/messages`, {
      text: 'On the enrollment task of each policy.',
    });
    expect(answered.status).toBe(201);
    expect(answered.body.author).toBe('agent');
    const read = await eventually(async () => {
      const answer = await portal.benAdmin.get(`${chats}/${conversationId}`);
      expect(answer.body.messages).toHaveLength(2);
      return answer.body;
    });
    expect(read.isWaitingForReply).toBe(false);
    expect(read.messages[1]).toMatchObject({
      author: 'agent',
      text: 'On the enrollment task of each policy.',
    });
    expect(read.messages[1].authorName).toMatch(/\S+ \S+/);
    expect((await portal.staff.get(`${chats}?waiting=true`)).body.items).toHaveLength(0);
  });

  it('another user neither reads nor writes in it, nor lists it', async () => {
    expect((await portal.broker.get(`${chats}/${conversationId}`)).status).toBe(404);
    expect((await portal.broker.post(`${chats}/${conversationId}/messages`, { text: 'hello' })).status).toBe(
      404,
    );
    expect((await portal.broker.get(chats)).body.total).toBe(0);
    expect((await portal.benAdmin.get(chats)).body.total).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '../explorer/support-rules.ts';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { PORTAL_CONVERSATION_NOT_FOUND, portalChatDecider, type PortalChatCommand } from './portal-chat.ts';

const at = '2026-11-28T10:00:00.000Z';
const user = { userId: 'u-1', role: 'BEN_ADMIN' };
const given = givenWhenThen(portalChatDecider);
const start: PortalChatCommand = {
  type: 'StartPortalChat',
  data: { conversationId: 'conv-1', userId: 'u-1', clientId: 'c-1', page: '/clients/c-1' },
  metadata: { at, by: user },
};
const started = { type: 'PortalChatStarted' as const, data: { ...start.data, at } };
const post = (
  by: { userId: string; role: string },
  isAgent: boolean,
  text = ' Help, please ',
): PortalChatCommand => ({
  type: 'PostPortalChatMessage',
  data: { conversationId: 'conv-1', messageId: 'm-1', isAgent, text },
  metadata: { at, by },
});

describe("the portal's support chat", () => {
  it('starts a conversation once', () => {
    expect(eventsOf(given().when(start))).toEqual([started]);
    expect(refusalOf(given(started).when(start)).code).toBe('ALREADY_EXISTS');
  });

  it("takes its user's messages and staff's answers, trimmed", () => {
    expect(eventsOf(given(started).when(post(user, false)))).toEqual([
      {
        type: 'PortalChatMessagePosted',
        data: {
          conversationId: 'conv-1',
          messageId: 'm-1',
          author: 'user',
          authorId: 'u-1',
          text: 'Help, please',
          at,
        },
      },
    ]);
    expect(
      eventsOf(given(started).when(post({ userId: 'ic-1', role: 'SLF_ADMIN' }, true)))[0]?.data,
    ).toMatchObject({
      author: 'agent',
      authorId: 'ic-1',
    });
  });

  it('is not found by anyone else, nor before it starts, whatever the text', () => {
    const other = { userId: 'u-2', role: 'BEN_ADMIN' };
    expect(refusalOf(given(started).when(post(other, false, '')))).toEqual({
      code: 'NOT_FOUND',
      message: PORTAL_CONVERSATION_NOT_FOUND,
    });
    expect(refusalOf(given().when(post(user, false))).code).toBe('NOT_FOUND');
  });

  it('refuses an empty message on the text field', () => {
    expect(refusalOf(given(started).when(post(user, false, '   ')))).toEqual({
      code: 'INVALID',
      message: SUPPORT_MESSAGES.textRequired,
      fields: { text: SUPPORT_MESSAGES.textRequired },
    });
  });
});

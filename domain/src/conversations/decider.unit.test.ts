import { describe, expect, it } from 'vitest';
import type { ConversationEvent, ConversationKind } from '@onboard/events';
import type { Actor, Role } from '../auth/actor.ts';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { CONVERSATION_MESSAGES, conversationDecider, type ConversationCommand } from './decider.ts';
import { maySeeThread, visibleKinds } from './access.ts';

const at = '2026-11-28T10:00:00.000Z';
const later = '2026-11-28T11:00:00.000Z';
const benAdmin: Actor = { userId: 'ba-1', role: 'BEN_ADMIN', clientIds: ['c-1'] };
const broker: Actor = { userId: 'br-1', role: 'BROKER', clientIds: ['c-1'] };
const otherBroker: Actor = { userId: 'br-2', role: 'BROKER', clientIds: ['c-2'] };
const admin: Actor = { userId: 'ad-1', role: 'SLF_ADMIN', clientIds: [] };
const owner: Actor = { userId: 'ow-1', role: 'SLF_OWNER', clientIds: [] };
const subject = { type: 'CENSUS_ROW' as const, key: 'p-1/d-1/12', label: ' Census row 12 of census.csv ' };
const given = givenWhenThen(conversationDecider);
const meta = (writer: Actor, when = at) => ({ at: when, by: { userId: writer.userId, role: writer.role } });

const start = (
  writer: Actor,
  kind: ConversationKind = 'SHARED',
  overrides: Partial<{ text: string; mentions: string[]; mentionable: string[] }> = {},
): ConversationCommand => ({
  type: 'StartConversation',
  data: {
    writer,
    threadId: 't-1',
    clientId: 'c-1',
    kind,
    subject,
    messageId: 'm-1',
    text: ' Is row 12 a new hire? @Adam Alvarez ',
    mentions: ['ad-1'],
    mentionable: ['ad-1', 'ow-1', 'ba-1', 'br-1'],
    ...overrides,
  },
  metadata: meta(writer),
});
const post = (
  writer: Actor,
  overrides: Partial<{ text: string; mentions: string[] }> = {},
): ConversationCommand => ({
  type: 'PostConversationMessage',
  data: {
    writer,
    clientId: 'c-1',
    threadId: 't-1',
    messageId: 'm-2',
    text: 'Yes, hired on the 3rd.',
    mentions: [],
    mentionable: ['ad-1', 'ow-1', 'ba-1', 'br-1'],
    ...overrides,
  },
  metadata: meta(writer, later),
});
const act = (
  type: 'ResolveConversation' | 'ReopenConversation' | 'MarkConversationRead',
  writer: Actor,
): ConversationCommand => ({
  type,
  data: { writer, clientId: 'c-1', threadId: 't-1' },
  metadata: meta(writer, later),
});

const startedShared = eventsOf(given().when(start(benAdmin)));
/** A message posted on the shared thread of `startedShared`, as recorded. */
const sharedPost = (message: {
  messageId: string;
  authorId: string;
  text: string;
  mentions: string[];
  at: string;
}) => ({
  type: 'ConversationMessagePosted',
  data: {
    threadId: 't-1',
    clientId: 'c-1',
    kind: 'SHARED',
    subject: { ...subject, label: 'Census row 12 of census.csv' },
    ...message,
  },
});
const startedInternal = eventsOf(
  given().when(start(admin, 'INTERNAL', { mentions: [], mentionable: ['ad-1', 'ow-1'] })),
);
const resolved: ConversationEvent = {
  type: 'ConversationResolved',
  data: { threadId: 't-1', clientId: 'c-1', kind: 'SHARED', by: 'ad-1', at: later },
};

describe('a conversation', () => {
  it('starts with its first message, trimmed, on its subject', () => {
    expect(startedShared).toEqual([
      {
        type: 'ConversationStarted',
        data: {
          threadId: 't-1',
          clientId: 'c-1',
          kind: 'SHARED',
          subject: { ...subject, label: 'Census row 12 of census.csv' },
          startedBy: 'ba-1',
          at,
        },
      },
      sharedPost({
        messageId: 'm-1',
        authorId: 'ba-1',
        text: 'Is row 12 a new hire? @Adam Alvarez',
        mentions: ['ad-1'],
        at,
      }),
    ]);
    expect(refusalOf(given(...startedShared).when(start(benAdmin))).code).toBe('ALREADY_EXISTS');
  });

  it('refuses an empty message, a missing subject and a mention of someone who may not see it, and records nothing', () => {
    expect(refusalOf(given().when(start(benAdmin, 'SHARED', { text: '  ' })))).toMatchObject({
      code: 'INVALID',
      fields: { text: CONVERSATION_MESSAGES.emptyText },
    });
    expect(refusalOf(given().when(start(benAdmin, 'SHARED', { text: 'x'.repeat(4001) })))).toMatchObject({
      fields: { text: CONVERSATION_MESSAGES.longText },
    });
    expect(refusalOf(given().when(start(benAdmin, 'SHARED', { mentions: ['br-2'] })))).toMatchObject({
      fields: { mentions: CONVERSATION_MESSAGES.unknownMention },
    });
    const noLabel = start(benAdmin);
    if (noLabel.type !== 'StartConversation') throw new Error('a start');
    noLabel.data.subject = { ...subject, label: ' ' };
    expect(refusalOf(given().when(noLabel))).toMatchObject({
      fields: { 'subject.label': CONVERSATION_MESSAGES.emptyLabel },
    });
  });

  it('takes replies with their mentions, once each', () => {
    expect(eventsOf(given(...startedShared).when(post(admin, { mentions: ['br-1', 'br-1'] })))).toEqual([
      sharedPost({
        messageId: 'm-2',
        authorId: 'ad-1',
        text: 'Yes, hired on the 3rd.',
        mentions: ['br-1'],
        at: later,
      }),
    ]);
  });

  it('is resolved once and reopened once; a reply to a resolved thread reopens it', () => {
    expect(eventsOf(given(...startedShared).when(act('ResolveConversation', admin)))).toEqual([resolved]);
    expect(refusalOf(given(...startedShared, resolved).when(act('ResolveConversation', benAdmin))).code).toBe(
      'ALREADY_RESOLVED',
    );
    expect(refusalOf(given(...startedShared).when(act('ReopenConversation', benAdmin))).code).toBe(
      'NOT_RESOLVED',
    );
    expect(eventsOf(given(...startedShared, resolved).when(act('ReopenConversation', benAdmin)))).toEqual([
      {
        type: 'ConversationReopened',
        data: { threadId: 't-1', clientId: 'c-1', kind: 'SHARED', by: 'ba-1', at: later },
      },
    ]);
    expect(eventsOf(given(...startedShared, resolved).when(post(broker))).map((e) => e.type)).toEqual([
      'ConversationReopened',
      'ConversationMessagePosted',
    ]);
  });

  it('records who read it and when', () => {
    expect(eventsOf(given(...startedShared).when(act('MarkConversationRead', broker)))).toEqual([
      { type: 'ConversationRead', data: { threadId: 't-1', clientId: 'c-1', userId: 'br-1', at: later } },
    ]);
  });

  it('is not found when there is none, or under another client', () => {
    expect(refusalOf(given().when(post(admin))).code).toBe('NOT_FOUND');
    const elsewhere = post(admin);
    elsewhere.data.clientId = 'c-2';
    expect(refusalOf(given(...startedShared).when(elsewhere)).code).toBe('NOT_FOUND');
  });
});

const ROLES: Role[] = ['BEN_ADMIN', 'BROKER', 'SLF_ADMIN', 'SLF_OWNER'];
const KINDS: ConversationKind[] = ['SHARED', 'INTERNAL'];
const person = (role: Role, clientIds: string[]): Actor => ({ userId: `u-${role}`, role, clientIds });
/** Who may do what: staff every kind on every client; the client's own people shared threads of their clients only. */
const EXPECTED: Record<Role, Record<ConversationKind, boolean>> = {
  BEN_ADMIN: { SHARED: true, INTERNAL: false },
  BROKER: { SHARED: true, INTERNAL: false },
  SLF_ADMIN: { SHARED: true, INTERNAL: true },
  SLF_OWNER: { SHARED: true, INTERNAL: true },
};
const isStaff = (role: Role) => role === 'SLF_ADMIN' || role === 'SLF_OWNER';
const rows = ROLES.flatMap((role) =>
  KINDS.flatMap((kind) => [true, false].map((ownClient) => ({ role, kind, ownClient }))),
);

describe('who may see, start, reply to, resolve and read a thread: every role × every kind', () => {
  it.each(rows)(
    '$role on a $kind thread of a client that is theirs: $ownClient',
    ({ role, kind, ownClient }) => {
      const actor = person(role, ownClient ? ['c-1'] : ['c-2']);
      const allowed = EXPECTED[role][kind] && (ownClient || isStaff(role));
      const started = kind === 'SHARED' ? startedShared : startedInternal;
      expect(maySeeThread(actor, { clientId: 'c-1', kind })).toBe(allowed);
      expect(visibleKinds(actor, 'c-1').includes(kind)).toBe(allowed);
      const starting = given().when(start(actor, kind, { mentions: [] }));
      expect(starting.ok, 'start').toBe(allowed);
      if (!starting.ok) expect(starting.error.code).toBe('FORBIDDEN');
      for (const command of [
        post(actor),
        act('ResolveConversation', actor),
        act('MarkConversationRead', actor),
      ]) {
        const decision = given(...started).when(command);
        expect(decision.ok, command.type).toBe(allowed);
        if (!decision.ok) expect(decision.error.code, command.type).toBe('NOT_FOUND');
      }
      expect(given(...started, resolved).when(act('ReopenConversation', actor)).ok, 'reopen').toBe(allowed);
    },
  );

  it('never lets a person of another client in, by any kind', () => {
    for (const kind of KINDS) expect(maySeeThread(otherBroker, { clientId: 'c-1', kind })).toBe(false);
    expect(maySeeThread(owner, { clientId: 'c-9', kind: 'INTERNAL' })).toBe(true);
  });
});

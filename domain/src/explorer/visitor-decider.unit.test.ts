import { describe, expect, it } from 'vitest';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  CONVERSATION_NOT_FOUND,
  humanCheckDecider,
  leadDecider,
  slugDecider,
  supportChatDecider,
  type SlugCommand,
  type SupportChatCommand,
} from './visitor-decider.ts';

const at = '2026-11-28T10:00:00.000Z';
const metadata = { at, by: { userId: 'anonymous', role: 'EXPLORER_VISITOR' } };

describe('a lead from a public page', () => {
  const lead = {
    leadId: 'l-1',
    explorerPageId: 'page-1',
    email: 'pat@example.com',
    firstName: 'Pat',
    lastName: 'Lee',
    city: 'Chicago',
    state: 'IL',
    phone: '3125550100',
    externalUser: 'employer' as const,
    employerName: 'Lakeside',
    brokerName: null,
    at,
  };
  it('is sent once', () => {
    const given = givenWhenThen(leadDecider);
    const submitted = { type: 'LeadSubmitted' as const, data: lead };
    expect(eventsOf(given().when({ type: 'SubmitLead', data: lead, metadata }))).toEqual([submitted]);
    expect(refusalOf(given(submitted).when({ type: 'SubmitLead', data: lead, metadata })).code).toBe(
      'ALREADY_EXISTS',
    );
  });
});

describe('a human check', () => {
  it('counts once', () => {
    const given = givenWhenThen(humanCheckDecider);
    const use = { type: 'UseHumanCheck' as const, data: { nonce: 'n-1', purpose: 'lead' }, metadata };
    const used = { type: 'HumanCheckUsed' as const, data: { nonce: 'n-1', purpose: 'lead', at } };
    expect(eventsOf(given().when(use))).toEqual([used]);
    expect(refusalOf(given(used).when(use)).code).toBe('ALREADY_EXISTS');
  });
});

describe("the Explorer's support chat", () => {
  const given = givenWhenThen(supportChatDecider);
  const start = {
    type: 'StartSupportChat' as const,
    data: {
      conversationId: 'conv-1',
      explorerPageId: 'page-1',
      clientId: 'lakeside',
      department: 'SALES',
      language: 'en',
    },
    metadata,
  };
  const started = { type: 'SupportChatStarted' as const, data: { ...start.data, at } };
  const post = (explorerPageId: string, agentId: string | null): SupportChatCommand => ({
    type: 'PostSupportMessage',
    data: { conversationId: 'conv-1', explorerPageId, messageId: 'm-1', agentId, text: '  Hello  ' },
    metadata,
  });

  it('starts a conversation once', () => {
    expect(eventsOf(given().when(start))).toEqual([started]);
    expect(refusalOf(given(started).when(start)).code).toBe('ALREADY_EXISTS');
  });

  it("takes the visitor's and the agent's messages, trimmed, each naming the page's client", () => {
    expect(eventsOf(given(started).when(post('page-1', null)))).toEqual([
      {
        type: 'SupportChatMessagePosted',
        data: {
          conversationId: 'conv-1',
          clientId: 'lakeside',
          messageId: 'm-1',
          author: 'visitor',
          authorId: null,
          text: 'Hello',
          at,
        },
      },
    ]);
    expect(eventsOf(given(started).when(post('page-1', 'ic-1')))[0]?.data).toMatchObject({
      author: 'agent',
      authorId: 'ic-1',
    });
  });

  it('given a chat started before its events named the client, when a message is posted, then it names none', () => {
    const { clientId: _, ...older } = started.data;
    expect(
      eventsOf(given({ ...started, data: older }).when(post('page-1', null)))[0]?.data,
    ).not.toHaveProperty('clientId');
  });

  it('finds no conversation that was never started, nor one from another page', () => {
    expect(refusalOf(given().when(post('page-1', null)))).toEqual({
      code: 'NOT_FOUND',
      message: CONVERSATION_NOT_FOUND,
    });
    expect(refusalOf(given(started).when(post('page-2', null))).code).toBe('NOT_FOUND');
  });
});

describe("a site's vanity slug", () => {
  const given = givenWhenThen(slugDecider);
  const cmd = (type: SlugCommand['type'], explorerPageId: string): SlugCommand => ({
    type,
    data: { slug: 'lakeside', explorerPageId },
    metadata,
  });
  const reserved = {
    type: 'ExplorerSlugReserved' as const,
    data: { slug: 'lakeside', explorerPageId: 'page-1' },
  };
  const released = {
    type: 'ExplorerSlugReleased' as const,
    data: { slug: 'lakeside', explorerPageId: 'page-1' },
  };

  it('is reserved by the first site, again by its holder without a change, and by nobody else', () => {
    expect(eventsOf(given().when(cmd('ReserveSlug', 'page-1')))).toEqual([reserved]);
    expect(eventsOf(given(reserved).when(cmd('ReserveSlug', 'page-1')))).toEqual([]);
    expect(refusalOf(given(reserved).when(cmd('ReserveSlug', 'page-2'))).code).toBe('TAKEN');
  });

  it('is released by its holder only, and may then be reserved again', () => {
    expect(eventsOf(given(reserved).when(cmd('ReleaseSlug', 'page-1')))).toEqual([released]);
    expect(eventsOf(given(reserved).when(cmd('ReleaseSlug', 'page-2')))).toEqual([]);
    expect(eventsOf(given(reserved, released).when(cmd('ReserveSlug', 'page-2')))[0]?.data).toEqual({
      slug: 'lakeside',
      explorerPageId: 'page-2',
    });
  });
});

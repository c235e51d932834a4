import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { catchUp, conversationStream, resetConsumer, type ConversationKind } from '@onboard/events';
import { conversationsProjection } from '@onboard/projections';
import { CONVERSATION_MESSAGES } from '@onboard/domain';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { DEMO_CLIENT_ID } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { readServerSentEvents } from './testing/server-sent-events.ts';

type Api = ReturnType<typeof apiClient>;
type Thread = {
  threadId: string;
  kind: ConversationKind;
  status: string;
  unread: number;
  subject: { label: string };
  entries: { entry: string; author: string; text: string | null; mentions: string[]; isMine: boolean }[];
};
type Person = { userId: string; name: string; roleLabel: string };
const OTHER_CLIENT_ID = 'harbor-freight-lines';
const base = (clientId: string) => `/api/clients/${clientId}/conversations`;
const ROLES = ['BEN_ADMIN', 'BROKER', 'SLF_ADMIN', 'SLF_OWNER'] as const;
type Role = (typeof ROLES)[number];
const EMAILS: Record<Role, string> = {
  BEN_ADMIN: 'benadmin@onboard.example',
  BROKER: 'broker@onboard.example',
  SLF_ADMIN: 'admin@onboard.example',
  SLF_OWNER: 'owner@onboard.example',
};
const KINDS: ConversationKind[] = ['SHARED', 'INTERNAL'];
const isStaff = (role: Role) => role === 'SLF_ADMIN' || role === 'SLF_OWNER';
const subject = (label: string) => ({ type: 'CENSUS_ROW', key: 'policy-1/doc-1/12', label });

/** Reads the gateway's stream for a while and returns the conversation changes heard. */
async function heardConversations(url: string, cookie: string, ms: number): Promise<{ threadId: string }[]> {
  const heard = await readServerSentEvents(url, cookie, {
    ms,
    checkResponse: (response) => expect(response.status).toBe(200),
  });
  return heard.filter((h) => h.event === 'CONVERSATION_CHANGED').map((h) => h.data as { threadId: string });
}

// Conversations over HTTP: who may see and write in each kind of thread (every role × every kind), the
// mention e-mails by the notification rules, the pushed changes, and a thread as of a time.
describe('conversations', () => {
  let app: RunningApp;
  const as = {} as Record<Role, Api>;
  const cookieOf = (role: Role) => [...as[role].cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let people: Person[] = [];
  const idOf = (role: Role) =>
    people.find((p) => p.name && p.roleLabel && EMAILS[role] && p.name === names[role])!.userId;
  const names = {} as Record<Role, string>;

  beforeAll(async () => {
    app = await startApp(embeddedTestConfig(await seededDatabase('conversations'), { webDist: null }), {
      printEmail: () => undefined,
    });
    for (const role of ROLES) {
      as[role] = apiClient(app.url);
      const user = (await as[role].signIn(EMAILS[role])) as { firstName: string; lastName: string };
      names[role] = `${user.firstName} ${user.lastName}`;
    }
    people = (await as.SLF_ADMIN.get(`/api/clients/${DEMO_CLIENT_ID}/conversation-people?kind=SHARED`)).body
      .people;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('offers by name whom a message may mention: the client’s people and staff; internal notes staff only', async () => {
    expect(people.map((p) => p.name).sort()).toEqual(Object.values(names).sort());
    const internal = await as.SLF_OWNER.get(
      `/api/clients/${DEMO_CLIENT_ID}/conversation-people?kind=INTERNAL`,
    );
    expect(internal.body.people.map((p: Person) => p.name).sort()).toEqual(
      [names.SLF_ADMIN, names.SLF_OWNER].sort(),
    );
    expect(
      (await as.BEN_ADMIN.get(`/api/clients/${DEMO_CLIENT_ID}/conversation-people?kind=INTERNAL`)).status,
    ).toBe(403);
    expect((await as.BROKER.get(`/api/clients/${OTHER_CLIENT_ID}/conversation-people`)).status).toBe(403);
  });

  // One thread of each kind on the demo client and one on a client that is not the client people's own.
  const threads = {} as Record<ConversationKind, string>;
  let elsewhere = '';

  it.each(ROLES.flatMap((role) => KINDS.map((kind) => ({ role, kind }))))(
    '$role on a $kind thread: sees, starts, replies, resolves, reopens and reads only as the permission table says',
    async ({ role, kind }) => {
      const api = as[role];
      const allowed = kind === 'SHARED' || isStaff(role);
      threads[kind] ??= (
        await as.SLF_ADMIN.post(base(DEMO_CLIENT_ID), {
          kind,
          subject: subject(`Row 12 (${kind})`),
          text: 'First',
        })
      ).body.threadId;
      elsewhere ||= (
        await as.SLF_ADMIN.post(base(OTHER_CLIENT_ID), {
          kind: 'SHARED',
          subject: subject('Elsewhere'),
          text: 'Hi',
        })
      ).body.threadId;
      const threadId = threads[kind];
      const thread = `${base(DEMO_CLIENT_ID)}/${threadId}`;

      const started = await api.post(base(DEMO_CLIENT_ID), {
        kind,
        subject: subject('Mine'),
        text: 'Question',
      });
      expect(started.status).toBe(allowed ? 201 : 403);
      const listed = await eventually(async () => {
        const answer = await api.get(base(DEMO_CLIENT_ID));
        expect(answer.status).toBe(200);
        if (allowed) expect(answer.body.threads.map((t: Thread) => t.threadId)).toContain(threadId);
        return answer.body.threads as Thread[];
      });
      expect(listed.some((t) => t.threadId === threadId)).toBe(allowed);
      expect(listed.every((t) => t.kind === 'SHARED' || isStaff(role))).toBe(true);
      expect((await api.get(thread)).status).toBe(allowed ? 200 : 404);
      expect((await api.post(`${thread}/messages`, { text: `Reply by ${role}` })).status).toBe(
        allowed ? 201 : 404,
      );
      expect((await api.post(`${thread}/resolve`, {})).status).toBe(allowed ? 204 : 404);
      expect((await api.post(`${thread}/reopen`, {})).status).toBe(allowed ? 204 : 404);
      expect((await api.post(`${thread}/read`, {})).status).toBe(allowed ? 204 : 404);
      // Nothing of a refused write was recorded.
      const events = await app.store.readStream(conversationStream(threadId));
      expect(
        events.some(
          (e) =>
            (e.data as { authorId?: string; by?: string }).authorId === idOf(role) ||
            (e.data as { by?: string }).by === idOf(role),
        ),
      ).toBe(allowed);

      // Another client's threads: staff only, whichever path names them.
      const other = `${base(OTHER_CLIENT_ID)}/${elsewhere}`;
      expect((await api.get(other)).status).toBe(isStaff(role) ? 200 : 404);
      expect((await api.get(`${base(DEMO_CLIENT_ID)}/${elsewhere}`)).status).toBe(404);
      expect((await api.get(base(OTHER_CLIENT_ID))).status).toBe(isStaff(role) ? 200 : 403);
      expect((await api.post(`${other}/messages`, { text: 'x' })).status).toBe(isStaff(role) ? 201 : 404);
    },
  );

  it('refuses an empty message and a mention of someone who may not see the thread, recording nothing', async () => {
    const empty = await as.BEN_ADMIN.post(base(DEMO_CLIENT_ID), { subject: subject('Row 3'), text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.validationError).toEqual({ 'body.text': CONVERSATION_MESSAGES.emptyText });
    const internal = await as.SLF_ADMIN.post(base(DEMO_CLIENT_ID), {
      kind: 'INTERNAL',
      subject: subject('Row 4'),
      text: 'Ask the broker?',
      mentions: [idOf('BROKER')],
    });
    expect(internal.status).toBe(400);
    expect(internal.body.validationError).toEqual({ 'body.mentions': CONVERSATION_MESSAGES.unknownMention });
  });

  it('a mention e-mails the person by the client’s rules, held for their digest when they chose one, with a link to the thread', async () => {
    const emailsOfKind = async () =>
      (
        (await as.SLF_ADMIN.get('/api/emails?limit=100&offset=0')).body as {
          id: string;
          kind: string;
          to: string[];
          status: string;
        }[]
      ).filter((e) => e.kind === 'CONVERSATION_MENTION');
    // The rule sends mentions to benefits administrators only: a mentioned broker gets none; staff always.
    await as.SLF_ADMIN.put(`/api/clients/${DEMO_CLIENT_ID}/email-rules`, {
      rules: [{ kind: 'CONVERSATION_MENTION', to: ['BEN_ADMIN'], ccRoles: [], ccAddresses: [] }],
    });
    await as.SLF_OWNER.put(`/api/users/${idOf('SLF_OWNER')}/email-preferences`, { daily: true });
    const started = await as.BEN_ADMIN.post(base(DEMO_CLIENT_ID), {
      subject: subject('Census row 12 of census.csv'),
      text: `@${names.SLF_ADMIN} @${names.SLF_OWNER} @${names.BROKER} is this a new hire?`,
      mentions: [idOf('SLF_ADMIN'), idOf('SLF_OWNER'), idOf('BROKER'), idOf('BEN_ADMIN')],
    });
    expect(started.status).toBe(201);
    const emails = await eventually(async () => {
      const found = await emailsOfKind();
      expect(found).toHaveLength(2);
      return found;
    });
    expect(emails.map((e) => e.to[0]).sort()).toEqual([EMAILS.SLF_ADMIN, EMAILS.SLF_OWNER]);
    expect(emails.find((e) => e.to[0] === EMAILS.SLF_OWNER)!.status).toBe('HELD');
    const toAdmin = emails.find((e) => e.to[0] === EMAILS.SLF_ADMIN)!;
    const detail = (await as.SLF_ADMIN.get(`/api/emails/${toAdmin.id}`)).body as {
      subject: string;
      body: string;
    };
    expect(detail.subject).toBe(`${names.BEN_ADMIN} mentioned you: Census row 12 of census.csv`);
    expect(detail.body).toContain(`/client/${DEMO_CLIENT_ID}/conversations/${started.body.threadId}`);
    // The message itself is not quoted: it is read in Onboard, where it is sealed.
    expect(detail.body).not.toContain('is this a new hire?');

    // The person's list and the unread count per client; reading it clears the count.
    const mine = await eventually(async () => {
      const answer = await as.SLF_ADMIN.get('/api/conversations');
      expect(answer.body.threads.map((t: Thread) => t.threadId)).toContain(started.body.threadId);
      return answer.body;
    });
    const demo = mine.clients.find((c: { clientId: string }) => c.clientId === DEMO_CLIENT_ID);
    expect(demo.clientName).toBe('Lakeside Manufacturing Co.');
    expect(demo.unread).toBeGreaterThanOrEqual(1);
    await as.SLF_ADMIN.post(`${base(DEMO_CLIENT_ID)}/${started.body.threadId}/read`, {});
    await eventually(async () => {
      const thread = await as.SLF_ADMIN.get(`${base(DEMO_CLIENT_ID)}/${started.body.threadId}`);
      expect(thread.body.unread).toBe(0);
    });
  });

  it('pushes changes to open pages: a benefits administrator hears shared threads of their client only', async () => {
    const hearing = heardConversations(app.url, cookieOf('BEN_ADMIN'), 2500);
    const staffHearing = heardConversations(app.url, cookieOf('SLF_ADMIN'), 2500);
    await new Promise((r) => setTimeout(r, 300));
    const shared = await as.SLF_ADMIN.post(base(DEMO_CLIENT_ID), {
      subject: subject('Pushed'),
      text: 'Hello',
    });
    const note = await as.SLF_ADMIN.post(base(DEMO_CLIENT_ID), {
      kind: 'INTERNAL',
      subject: subject('Note'),
      text: 'Staff only',
    });
    const other = await as.SLF_ADMIN.post(base(OTHER_CLIENT_ID), {
      subject: subject('Other'),
      text: 'Elsewhere',
    });
    const heard = new Set((await hearing).map((h) => h.threadId));
    const staffHeard = new Set((await staffHearing).map((h) => h.threadId));
    expect(heard.has(shared.body.threadId)).toBe(true);
    expect(heard.has(note.body.threadId)).toBe(false);
    expect(heard.has(other.body.threadId)).toBe(false);
    for (const t of [shared, note, other]) expect(staffHeard.has(t.body.threadId)).toBe(true);
  });

  it('shows a thread as it was at any time: started by then, its entries up to then, resolved or not', async () => {
    const started = await as.BROKER.post(base(DEMO_CLIENT_ID), {
      subject: { type: 'ANSWER', key: 'Client/lakeside-manufacturing/taxId', label: 'Tax ID' },
      text: 'Is this the right tax id?',
    });
    const threadId = started.body.threadId as string;
    const thread = `${base(DEMO_CLIENT_ID)}/${threadId}`;
    const firstAt = await eventually(async () => {
      const answer = await as.BROKER.get(thread);
      expect(answer.status).toBe(200);
      return answer.body.entries[0].at as string;
    });
    await new Promise((r) => setTimeout(r, 20));
    await as.SLF_ADMIN.post(`${thread}/messages`, { text: 'Yes.' });
    await as.SLF_ADMIN.post(`${thread}/resolve`, {});
    const onAnswer = `${base(DEMO_CLIENT_ID)}?subjectType=ANSWER&subjectKey=${encodeURIComponent('Client/lakeside-manufacturing/taxId')}`;
    const now = await eventually(async () => {
      const answer = (await as.BROKER.get(onAnswer)).body.threads as Thread[];
      expect(answer[0]?.status).toBe('RESOLVED');
      return answer;
    });
    expect(now.map((t) => t.threadId)).toEqual([threadId]);
    expect(now[0]!.entries.map((e) => e.entry)).toEqual(['message', 'message', 'resolved']);
    const then = (await as.BROKER.get(`${onAnswer}&asOf=${encodeURIComponent(firstAt)}`)).body
      .threads as Thread[];
    expect(then[0]!.status).toBe('OPEN');
    expect(then[0]!.entries.map((e) => e.text)).toEqual(['Is this the right tax id?']);
    const before = (
      await as.BROKER.get(
        `${onAnswer}&asOf=${encodeURIComponent(new Date(Date.parse(firstAt) - 1000).toISOString())}`,
      )
    ).body;
    expect(before.threads).toEqual([]);
    expect((await as.BROKER.get(`${onAnswer}&asOf=yesterday`)).status).toBe(400);
  });

  it('resolves and reopens a thread while others mark it read at the same moment: decided again, never 409', async () => {
    const started = await as.BROKER.post(base(DEMO_CLIENT_ID), {
      subject: { type: 'ANSWER', key: 'Client/lakeside-manufacturing/taxId', label: 'Tax ID' },
      text: 'Which tax id is current?',
    });
    const thread = `${base(DEMO_CLIENT_ID)}/${started.body.threadId as string}`;
    for (const action of ['resolve', 'reopen', 'resolve'] as const) {
      const [answer] = await Promise.all([
        as.SLF_ADMIN.post(`${thread}/${action}`, {}),
        ...[as.BROKER, as.SLF_ADMIN, as.BROKER, as.SLF_ADMIN].map((api) => api.post(`${thread}/read`, {})),
      ]);
      expect(answer.status, action).toBe(204);
    }
    expect((await as.SLF_ADMIN.post(`${thread}/resolve`, {})).status).toBe(400);
  });

  it('rebuilt from the first event, the read model is the same, batch after batch', async () => {
    const rows = async () => ({
      threads: (await app.pool.query('select * from rm_conversations order by thread_id')).rows,
      entries: (await app.pool.query('select * from rm_conversation_entries order by thread_id, entry_id'))
        .rows,
      people: (await app.pool.query('select * from rm_conversation_people order by thread_id, user_id')).rows,
    });
    // Once the live projection has everything (no write since the last test), take it as the reference.
    const reference = await eventually(async () => {
      const first = await rows();
      await new Promise((r) => setTimeout(r, 500));
      expect(await rows()).toEqual(first);
      return first;
    });
    expect(reference.threads.length).toBeGreaterThan(5);
    await resetConsumer(app.pool, conversationsProjection);
    await catchUp({ store: app.store, pool: app.pool, consumer: conversationsProjection, batchSize: 3 });
    expect(await rows()).toEqual(reference);
  });
});

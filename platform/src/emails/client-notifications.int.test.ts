import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { taskStream } from '@onboard/events';
import { clientEmails } from '@onboard/command-api/emails';
import { clientNotificationsWorker } from '@onboard/workers';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { DEMO_CLIENT_ID } from '../seed.ts';
import { apiClient, eventually } from '../testing/http-client.ts';
import { notificationNames } from './notification-names.ts';

type Api = ReturnType<typeof apiClient>;
type Listed = { id: string; kind: string; subject: string; to: string[]; cc: string[] }[];
const client = `/api/clients/${DEMO_CLIENT_ID}`;

// The e-mails nobody asks for: a task sent back (NIGO) and a finished push reach the client's people as
// their notification rules say, once each, even when the reactor runs the same events again.
describe('automatic client e-mails', () => {
  let app: RunningApp;
  let staff: Api;
  const lines: string[] = [];

  const emailsOfKind = async (kind: string) =>
    ((await staff.get(`/api/emails?limit=100&offset=0`)).body as Listed).filter((e) => e.kind === kind);

  beforeAll(async () => {
    app = await startApp(
      embeddedTestConfig(await seededDatabase('client_notifications'), { webDist: null }),
      {
        printEmail: (line) => lines.push(line),
      },
    );
    staff = apiClient(app.url);
    await staff.signIn('admin@onboard.example');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('a task sent back e-mails the client’s people with the reason and a link to the task, the broker copied by rule', async () => {
    await staff.put(`${client}/email-rules`, {
      rules: [{ kind: 'TASK_NEEDS_ACTION', to: ['BEN_ADMIN'], ccRoles: ['BROKER'], ccAddresses: [] }],
    });
    await staff.post(`${client}/tasks/schedule`);
    const tasks = await eventually(async () => {
      const listed = (await staff.get(`${client}/tasks`)).body as {
        taskId: string;
        policyId: string | null;
      }[];
      expect(listed.some((t) => t.taskId === 'enrollment-elections')).toBe(true);
      return listed;
    });
    const census = tasks.find((t) => t.taskId === 'enrollment-elections')!;
    const nigo = await staff.put(`${client}/tasks/enrollment-elections/status`, {
      policyId: census.policyId,
      status: 'NIGO',
      reason: 'The census has no salaries',
    });
    expect(nigo.status).toBe(200);
    const [email] = await eventually(async () => {
      const found = await emailsOfKind('TASK_NEEDS_ACTION');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(email).toMatchObject({ to: ['benadmin@onboard.example'], cc: ['broker@onboard.example'] });
    expect(email!.subject).toMatch(/^Action needed: /);
    const detail = (await staff.get(`/api/emails/${email!.id}`)).body as { body: string };
    expect(detail.body).toContain('The census has no salaries');
    expect(detail.body).toContain(`/client/${DEMO_CLIENT_ID}/task/enrollment-elections/`);
    expect(lines.some((l) => l.includes('benadmin@onboard.example') && l.includes('Action needed'))).toBe(
      true,
    );
  });

  it('the same events run again send nothing more; events older than a day send nothing', async () => {
    const [recorded] = (await app.store.readStream(taskStream(DEMO_CLIENT_ID))).filter(
      (e) => e.type === 'TaskStatusChanged' && (e.data as { to: string }).to === 'NIGO',
    );
    expect(recorded).toBeDefined();
    // The reactor run again over the same event, through the real e-mail path, twice.
    const replay = clientNotificationsWorker({
      now: () => new Date(),
      names: notificationNames({ store: app.store, pool: app.pool }),
      notify: clientEmails({
        store: app.store,
        pool: app.pool,
        emailSender: app.identity.deps.emailSender,
        publicUrl: app.identity.deps.publicUrl,
      }).notifyClient,
    });
    await replay.react!([recorded!]);
    await replay.react!([recorded!]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await emailsOfKind('TASK_NEEDS_ACTION')).toHaveLength(1);

    const sent: string[] = [];

    const later = clientNotificationsWorker({
      now: () => new Date(Date.now() + 25 * 60 * 60 * 1000),
      names: notificationNames({ store: app.store, pool: app.pool }),
      notify: async (notification) => {
        sent.push(notification.kind);
        return [];
      },
    });
    await later.react!([recorded!]);
    expect(sent).toEqual([]);
  });
});

import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { startScheduledJob } from '@onboard/events';
import { defaultRule, DEFAULT_REMINDER_POLICY } from '@onboard/domain';
import { DEMO_CLIENTS, DEMO_CLIENT_ID } from '../seed.ts';
import { apiClient, eventually } from '../testing/http-client.ts';
import { signingTemplate, templateField } from '../testing/onboarding-forms.ts';
import { builtInESignature } from '../onboarding-forms/built-in-e-signature.ts';
import { runDailyEmails } from './daily-emails.ts';
import { addressesOf, mailingAppForTests } from './testing-smtp.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;
const BEN_ADMIN = 'benadmin@onboard.example';
const BROKER = 'broker@onboard.example';
const CONSULTANT = 'admin@onboard.example';
const COPIES = 'onboarding-copies@carrier.example';

// Reminders and escalation on an injected clock (the day's e-mails run by hand at chosen instants), each
// reaching a real SMTP server: the owner before the due date, on the day, past due and weekly after; the
// consultant once the task is long past due; a person who chose the digest gets one a day.
describe('task reminders and escalation', () => {
  const mailing = mailingAppForTests('reminders', ['staff', 'benAdmin']);

  const runAt = (iso: string) =>
    runDailyEmails({
      store: mailing.app.store,
      pool: mailing.app.pool,
      emailSender: mailing.app.identity.deps.emailSender,
      publicUrl: mailing.app.identity.deps.publicUrl,
      now: () => new Date(iso),
      hourUtc: 7,
      reminders: DEFAULT_REMINDER_POLICY,
      eSignature: builtInESignature(mailing.app.config.sessionSecrets[0]!),
    });
  /** Every queued e-mail has left (the outbox is empty), then the messages as [subject, to, cc]. */
  const delivered = async () => {
    await eventually(async () => {
      const { rows } = await mailing.app.pool.query<{ n: number }>(
        `select count(*)::int as n from rm_emails where status = 'QUEUED'`,
      );
      expect(rows[0]!.n).toBe(0);
    }, 20_000);
    return mailing.smtp.received.map((m) => ({
      subject: m.parsed.subject ?? '',
      to: addressesOf(m.parsed.to),
      cc: addressesOf(m.parsed.cc),
      text: m.parsed.text ?? '',
      envelope: m.envelope.to,
    }));
  };
  const newSince = async (count: number) => (await delivered()).slice(count);
  const setDue = async (taskId: string, dueDate: string | null) =>
    expect(
      (
        await mailing.staff.put(`${client}/tasks/${taskId}/due-date`, {
          policyId: null,
          dueDate,
          moveOthers: true,
        })
      ).status,
    ).toBe(200);

  beforeAll(async () => {
    // One client only: the others are archived, and its tasks have no due date but the two under test.
    for (const other of DEMO_CLIENTS.filter((c) => c.id !== DEMO_CLIENT_ID))
      expect((await mailing.staff.post(`/api/clients/${other.id}/archive`)).status).toBe(200);
    await mailing.staff.post(`${client}/tasks/schedule`);
    const tasks = (await mailing.staff.get(`${client}/tasks`)).body as {
      taskId: string;
      policyId: string | null;
    }[];
    for (const task of tasks)
      expect(
        (
          await mailing.staff.put(`${client}/tasks/${task.taskId}/due-date`, {
            policyId: task.policyId,
            dueDate: null,
          })
        ).status,
      ).toBe(200);
    // A client task and a carrier task due Wednesday, March 10, 2027.
    await setDue('prior-carrier-certificates', '2027-03-10');
    await setDue('kickoff-call', '2027-03-10');
    // The due-soon reminder to the administrators only, the broker copied; every reminder copies one address.
    const rules = [
      { kind: 'TASK_DUE_SOON', to: ['BEN_ADMIN'], ccRoles: ['BROKER'], ccAddresses: [COPIES] },
      ...(['TASK_DUE_TODAY', 'TASK_OVERDUE', 'TASK_ESCALATED'] as const).map((kind) => ({
        ...defaultRule(kind),
        ccAddresses: [COPIES],
      })),
    ];
    expect((await mailing.staff.put(`${client}/email-rules`, { rules })).status).toBe(200);
    await eventually(async () => {
      const { rows } = await mailing.app.pool.query<{ task_id: string }>(
        `select task_id from rm_tasks where due_date is not null and client_id = $1 order by task_id`,
        [DEMO_CLIENT_ID],
      );
      expect(rows.map((r) => r.task_id)).toEqual(['kickoff-call', 'prior-carrier-certificates']);
    });
  }, 60_000);
  it('reminds the owner three working days before the due date, once, with the rule’s copies', async () => {
    expect((await runAt('2027-03-04T12:00:00Z')).reminders).toBe(0);
    // Before the day's hour nothing runs.
    expect((await runAt('2027-03-05T06:59:00Z')).reminders).toBe(0);
    expect((await runAt('2027-03-05T12:00:00Z')).reminders).toBe(2);
    const sent = await newSince(0);
    expect(sent.map((m) => [m.subject, m.to, m.cc])).toEqual(
      expect.arrayContaining([
        ['Due soon: Prior carrier certificates', [BEN_ADMIN], [BROKER, COPIES]],
        // The carrier's own task reminds the implementation consultant.
        ['Due soon: Kickoff call', [CONSULTANT], [BROKER, COPIES]],
      ]),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]!.envelope).toEqual(expect.arrayContaining([...sent[0]!.to, BROKER, COPIES]));
    expect(sent.find((m) => m.subject.includes('Prior'))!.text).toContain(
      'https://onboard.example.test/client/lakeside-manufacturing/task/prior-carrier-certificates',
    );
    // Monday: the same occasion, nothing new.
    await runAt('2027-03-08T12:00:00Z');
    expect(await newSince(2)).toEqual([]);
  });

  it('reminds on the day, the day after, then weekly; escalates to the consultant once', async () => {
    const start = (await delivered()).length;
    await runAt('2027-03-10T12:00:00Z');
    const today = await newSince(start);
    expect(today.map((m) => [m.subject, m.to]).sort()).toEqual([
      ['Due today: Kickoff call', [CONSULTANT]],
      ['Due today: Prior carrier certificates', [BEN_ADMIN]],
      ['Due today: Prior carrier certificates', [BROKER]],
    ]);
    for (const m of today) expect(m.cc).toEqual([COPIES]);

    await runAt('2027-03-11T12:00:00Z');
    await runAt('2027-03-15T12:00:00Z');
    const late = await newSince(start + 3);
    expect(late.map((m) => m.subject).sort()).toEqual([
      'Past due: Kickoff call',
      'Past due: Prior carrier certificates',
      'Past due: Prior carrier certificates',
    ]);

    // March 17 is five working days past due; more than five is March 18, a week after the first past-due.
    await runAt('2027-03-17T12:00:00Z');
    expect(await newSince(start + 6)).toEqual([]);
    await runAt('2027-03-18T12:00:00Z');
    await runAt('2027-03-19T12:00:00Z');
    const week = await newSince(start + 6);
    expect(week.filter((m) => m.subject.startsWith('Past due'))).toHaveLength(3);
    const escalations = week.filter((m) => m.subject.includes('working days past due'));
    expect(escalations.map((m) => [m.subject, m.to, m.cc]).sort()).toEqual([
      [
        'Lakeside Manufacturing Co.: Kickoff call is more than 5 working days past due',
        [CONSULTANT],
        [COPIES],
      ],
      [
        'Lakeside Manufacturing Co.: Prior carrier certificates is more than 5 working days past due',
        [CONSULTANT],
        [COPIES],
      ],
    ]);
    expect(week).toHaveLength(5);
  });

  it('a task done is not reminded any more; one moved gets reminders for its new date', async () => {
    expect(
      (
        await mailing.staff.put(`${client}/tasks/prior-carrier-certificates/status`, {
          policyId: null,
          status: 'Done',
        })
      ).status,
    ).toBe(200);
    await setDue('kickoff-call', '2027-04-01');
    await eventually(async () => {
      const { rows } = await mailing.app.pool.query(
        `select 1 from rm_tasks where client_id = $1 and due_date is not null and status <> 'Done'`,
        [DEMO_CLIENT_ID],
      );
      expect(rows).toHaveLength(1);
      // The move itself has reached the read model too, not only the other task's status.
      const moved = await mailing.app.pool.query(
        `select 1 from rm_tasks where client_id = $1 and task_id = 'kickoff-call' and due_date = '2027-04-01'`,
        [DEMO_CLIENT_ID],
      );
      expect(moved.rows).toHaveLength(1);
    });
    const start = (await delivered()).length;
    await runAt('2027-03-25T12:00:00Z');
    await runAt('2027-03-29T12:00:00Z');
    expect((await newSince(start)).map((m) => m.subject)).toEqual(['Due soon: Kickoff call']);
  });

  it('a person who chose the digest gets one digest a day with the day’s reminders, copied as the rules say', async () => {
    expect(
      (await mailing.benAdmin.put('/api/users/demo-ben-admin/email-preferences', { daily: true })).status,
    ).toBe(200);
    await setDue('enrollment-resources', '2027-04-07');
    await setDue('company-profile', '2027-04-07');
    await eventually(async () => {
      const { rows } = await mailing.app.pool.query(
        `select 1 from rm_tasks where client_id = $1 and due_date = '2027-04-07'
            and task_id in ('enrollment-resources', 'company-profile')`,
        [DEMO_CLIENT_ID],
      );
      expect(rows).toHaveLength(2);
    });
    const start = (await delivered()).length;
    // Friday April 2 is three working days before Wednesday April 7.
    const first = await runAt('2027-04-02T12:00:00Z');
    expect(first.digests).toHaveLength(1);
    const again = await runAt('2027-04-02T18:00:00Z');
    expect(again.digests).toHaveLength(0);
    const sent = await newSince(start);
    const digests = sent.filter((m) => m.subject.startsWith('Your Onboard digest'));
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({
      subject: 'Your Onboard digest: 2 updates',
      to: [BEN_ADMIN],
      cc: [BROKER, COPIES],
    });
    expect(digests[0]!.text).toContain('Due soon: Enrollment resources');
    expect(digests[0]!.text).toContain('Due soon: Company profile');
    // Nothing else reached the administrator that day.
    expect(sent.filter((m) => m.to.includes(BEN_ADMIN))).toHaveLength(1);

    // The due day: the broker, who chose single e-mails, gets each at once; the administrator one digest.
    const dayStart = (await delivered()).length;
    await runAt('2027-04-07T12:00:00Z');
    await runAt('2027-04-07T20:00:00Z');
    const due = await newSince(dayStart);
    expect(
      due
        .filter((m) => m.to.includes(BROKER))
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Due today: Company profile', 'Due today: Enrollment resources']);
    expect(due.filter((m) => m.to.includes(BEN_ADMIN)).map((m) => m.subject)).toEqual([
      'Your Onboard digest: 2 updates',
    ]);
  });

  it('an onboarding-form signer is reminded the day before the link expires; staff extend it in one click', async () => {
    const templateId = await signingTemplate(
      mailing.staff,
      [{ roleId: 'employer', name: 'Employer', routingOrder: 1, quorum: null }],
      [templateField('sig', 'employer', 'signature', 600)],
      true,
    );
    const forms = `${client}/onboarding-forms`;
    const created = await mailing.staff.post(forms, {
      templateId,
      formName: 'Group application',
      recipients: [{ roleId: 'employer', name: 'Sam Signer', email: 'sam.signer@example.com' }],
    });
    expect(created.status).toBe(201);
    type Form = {
      onboardingFormId: string;
      recipients: { recipientId: string; linkExpiresAt: string | null }[];
    };
    const form = created.body as Form;
    const recipientId = form.recipients[0]!.recipientId;
    const issued = await mailing.staff.post(`${forms}/${form.onboardingFormId}/embedded-view/${recipientId}`);
    expect(issued.status).toBe(201);
    // The form's read model holds this link (not only the one the form was sent with) before the runs.
    const expiresAt = (issued.body as { expiresAt: string }).expiresAt;
    await eventually(async () => {
      const listed = (await mailing.staff.get(forms)).body as Form[];
      const found = listed.find((f) => f.onboardingFormId === form.onboardingFormId)!.recipients[0]!
        .linkExpiresAt;
      expect(found).toBe(expiresAt);
    });

    // Noon the day before it expires (never before the working day before it): one reminder, once.
    const dayBefore = (iso: string, time = '12:00') =>
      `${new Date(Date.parse(iso) - 24 * 60 * 60_000).toISOString().slice(0, 10)}T${time}:00.000Z`;
    const start = (await delivered()).length;
    expect((await runAt(dayBefore(expiresAt))).signers).toBe(1);
    expect((await runAt(dayBefore(expiresAt, '13:00'))).signers).toBe(0);
    const reminders = async () =>
      (await newSince(start)).filter(
        (m) =>
          m.to.includes('sam.signer@example.com') &&
          m.subject === 'Reminder: Group application is waiting for your signature',
      );
    const [reminder] = await eventually(async () => {
      const found = await reminders();
      expect(found).toHaveLength(1);
      return found;
    }, 20_000);
    expect(reminder!.text).toContain('The Group application of Lakeside Manufacturing Co. is still waiting');
    const link = /https:\/\/onboard\.example\.test(\/client\/\S+)/.exec(reminder!.text)![1]!;

    // Staff extend the link in one click: three days more, and its recipient is reminded again before then.
    const extended = await mailing.staff.post(
      `${forms}/${form.onboardingFormId}/recipients/${recipientId}/extend-link`,
    );
    expect(extended.status).toBe(200);
    const later = (extended.body as Form).recipients[0]!.linkExpiresAt!;
    expect(Date.parse(later) - Date.parse(expiresAt)).toBe(3 * 24 * 60 * 60_000);
    expect(
      await mailing.benAdmin.post(`${forms}/${form.onboardingFormId}/recipients/${recipientId}/extend-link`),
    ).toMatchObject({ status: 403 });
    expect((await runAt(dayBefore(later))).signers).toBe(1);
    await eventually(async () => expect(await reminders()).toHaveLength(2), 20_000);

    // The link the reminder carried opens the signing view; once used there is nothing left to extend.
    const anonymous = apiClient(mailing.app.url);
    await anonymous.request('GET', '/api/auth/csrf');
    const token = new URL(`http://x${link}`).searchParams.get('token')!;
    expect(
      (await anonymous.put(`${forms}/${form.onboardingFormId}/embedded-view-action/open`, { token })).status,
    ).toBe(200);
    const used = await mailing.staff.post(
      `${forms}/${form.onboardingFormId}/recipients/${recipientId}/extend-link`,
    );
    expect(used.status).toBe(404);
    expect(used.body.message).toBe(
      'This recipient has no signing link waiting to be used: send them the form again instead',
    );
  });

  it('one process at a time runs the scheduled job, by the runners’ leases; another takes over when it stops', async () => {
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: mailing.app.config.databaseUrl, max: 2 }));
    const runs = [0, 0];
    const jobs = pools.map((pool, i) =>
      startScheduledJob({
        pool,
        name: 'reminders-lock-test',
        intervalMs: 100,
        run: async () => {
          runs[i]! += 1;
        },
        onError: () => undefined,
      }),
    );
    // Never both at once, through the start's share-out and the hand-over.
    let both = false;
    const watch = setInterval(() => {
      if (jobs.every((job) => job.isActive())) both = true;
    }, 5);
    try {
      await eventually(async () => expect(jobs.filter((job) => job.isActive())).toHaveLength(1));
      // Settled: the holder runs it, the other does not.
      await new Promise((r) => setTimeout(r, 1_000));
      const holder = jobs[0]!.isActive() ? 0 : 1;
      const other = 1 - holder;
      const before = [...runs];
      await eventually(async () => expect(runs[holder]).toBeGreaterThan(before[holder]! + 3));
      expect(runs[other]).toBe(before[other]);
      expect(jobs[other]!.isActive()).toBe(false);
      await jobs[holder]!.stop();
      await eventually(async () => expect(runs[other]).toBeGreaterThan(before[other]!));
      expect(jobs[other]!.isActive()).toBe(true);
      expect(both).toBe(false);
    } finally {
      clearInterval(watch);
      for (const job of jobs) await job.stop();
      for (const pool of pools) await pool.end();
    }
  });
});

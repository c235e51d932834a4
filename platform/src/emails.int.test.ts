import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';

type Summary = {
  emailId: string;
  subject: string;
  status: string;
  kindLabel: string;
  clientName: string | null;
};
type Detail = Summary & {
  recipients: string[];
  body: string;
  statusHistory: { status: string; statusLabel: string; eventAt: string }[];
  errorUsers: unknown[];
};

// The e-mail records over HTTP (onboarding §7 "Emails", platform §6): staff list, count, search, sort
// and open e-mails and resend them; a client's people read their client's e-mails.
describe('e-mails over HTTP', () => {
  const send = (
    subject: string,
    clientId: string | null,
    kind: 'TASK_NEEDS_ACTION' | 'ACTIVATION' = 'TASK_NEEDS_ACTION',
  ) =>
    portal.app.identity.deps.emailSender.send({
      kind,
      to: ['benadmin@onboard.example'],
      cc: ['broker@onboard.example'],
      subject,
      body: `About ${subject}: https://onboard.example/client/${clientId}`,
      link: null,
      clientId,
      actor: { userId: 'system', role: 'SYSTEM' },
    });

  const portal = seededAppForTests(
    'emails',
    ['staff', 'owner', 'broker', 'benAdmin'],
    {},
    { printEmail: () => undefined },
  );

  it('lists, counts, searches, sorts and opens e-mails for admins and owners; others are refused', async () => {
    const a = await send('Zebra task needs action', DEMO_CLIENT_ID);
    await send('Apple task needs action', DEMO_CLIENT_ID);
    await send('Elsewhere', 'harbor-freight-lines');
    await eventually(async () => {
      const r = await portal.staff.get('/api/emails/count?search=task%20needs');
      expect(r.body).toEqual({ count: 2 });
    });
    const sorted = await portal.staff.get(
      '/api/emails?search=task%20needs&sortBy=subject&sortDirection=asc&limit=25&offset=0',
    );
    expect(sorted.status).toBe(200);
    expect((sorted.body as Summary[]).map((e) => e.subject)).toEqual([
      'Apple task needs action',
      'Zebra task needs action',
    ]);
    const second = await portal.staff.get(
      '/api/emails?search=task%20needs&sortBy=subject&sortDirection=asc&limit=1&offset=1',
    );
    expect((second.body as Summary[]).map((e) => e.subject)).toEqual(['Zebra task needs action']);
    expect((sorted.body as Summary[])[0]).toMatchObject({
      kindLabel: 'Task needs action (NIGO)',
      clientName: 'Lakeside Manufacturing Co.',
      status: 'SENT',
    });

    const one = await portal.owner.get(`/api/emails/${a.emailId}`);
    expect(one.status).toBe(200);
    const detail = one.body as Detail;
    expect(detail.recipients).toEqual(['benadmin@onboard.example', 'broker@onboard.example']);
    expect(detail.body).toContain('About Zebra task needs action');
    expect(detail.statusHistory.map((h) => h.statusLabel)).toEqual(['Queued', 'Sent']);
    expect(detail.errorUsers).toEqual([]);

    expect((await portal.staff.get('/api/emails/no-such-email')).status).toBe(404);
    expect((await portal.broker.get('/api/emails')).status).toBe(403);
    expect((await portal.benAdmin.get('/api/emails/count')).status).toBe(403);
    expect((await portal.broker.get(`/api/emails/${a.emailId}`)).status).toBe(403);
  });

  it('resends as a new e-mail for admins and owners only', async () => {
    const { emailId } = await send('Please resend me', DEMO_CLIENT_ID);
    expect((await portal.broker.post(`/api/emails/${emailId}/resend`)).status).toBe(403);
    expect((await portal.staff.post('/api/emails/nope/resend')).status).toBe(404);
    const resent = await portal.staff.post(`/api/emails/${emailId}/resend`);
    expect(resent.status).toBe(201);
    const newId = (resent.body as { emailId: string }).emailId;
    expect(newId).not.toBe(emailId);
    const copy = await eventually(async () => {
      const r = await portal.staff.get(`/api/emails/${newId}`);
      expect(r.status).toBe(200);
      return r.body as Detail & { resendOf: string };
    });
    expect(copy).toMatchObject({ subject: 'Please resend me', resendOf: emailId, status: 'SENT' });
    expect((await portal.owner.post(`/api/emails/${emailId}/resend`)).status).toBe(201);
  });

  it('a client’s people read their client’s e-mails; a personal link stays with its recipient', async () => {
    const own = await send('Your task needs action', DEMO_CLIENT_ID);
    const other = await send('Not yours', 'harbor-freight-lines');
    const personal = await portal.app.identity.deps.emailSender.send({
      kind: 'ACTIVATION',
      to: ['someone.else@example.com'],
      subject: 'Activate your account',
      body: 'https://onboard.example/activate?token=secret',
      link: null,
      clientId: DEMO_CLIENT_ID,
      actor: { userId: 'system', role: 'SYSTEM' },
    });
    const list = await eventually(async () => {
      const r = await portal.broker.get(`/api/clients/${DEMO_CLIENT_ID}/emails?search=your`);
      expect(r.status).toBe(200);
      // Another e-mail may match first: wait for this one to be read into the list.
      expect((r.body as { items: Summary[] }).items.map((e) => e.subject)).toContain(
        'Your task needs action',
      );
      return r.body as { items: Summary[]; total: number };
    });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect((await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}/emails/${own.emailId}`)).status).toBe(
      200,
    );
    expect((await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}/emails/${other.emailId}`)).status).toBe(
      404,
    );
    expect((await portal.benAdmin.get('/api/clients/harbor-freight-lines/emails')).status).toBe(403);
    const hidden = await eventually(async () => {
      const r = await portal.broker.get(`/api/clients/${DEMO_CLIENT_ID}/emails/${personal.emailId}`);
      expect(r.status).toBe(200);
      return r.body as Detail;
    });
    expect(hidden.body).not.toContain('secret');
    const shown = (await portal.staff.get(`/api/clients/${DEMO_CLIENT_ID}/emails/${personal.emailId}`))
      .body as Detail;
    expect(shown.body).toContain('token=secret');
  });

  it('refuses an address it cannot e-mail with the messages of explorer §5', async () => {
    await expect(
      portal.app.identity.deps.emailSender.send({
        to: ['someone..else@example.com'],
        subject: 'Never sent',
        body: 'text',
        link: null,
        clientId: null,
        actor: { userId: 'system', role: 'SYSTEM' },
      }),
    ).rejects.toMatchObject({ validationError: { to: 'Please enter a valid email address' } });
    const invite = await portal.staff.post(`/api/clients/${DEMO_CLIENT_ID}/outside-signer`, {
      email: '.signer@example.com',
      firstName: 'Sam',
      lastName: 'Signer',
    });
    expect(invite.status).toBe(400);
    expect(JSON.stringify(invite.body)).toContain('Please enter a valid email address');
    const tooLong = await portal.staff.post(`/api/clients/${DEMO_CLIENT_ID}/outside-signer`, {
      email: `${'a'.repeat(190)}@example.com`,
      firstName: 'Sam',
      lastName: 'Signer',
    });
    expect(JSON.stringify(tooLong.body)).toContain(
      'Please enter email address no longer than 191 characters',
    );
  });

  it('staff preview every template with sample data, in HTML and text', async () => {
    const list = await portal.staff.get('/api/email-templates');
    expect(list.status).toBe(200);
    const templates = list.body as { kind: string; label: string }[];
    expect(templates.map((t) => t.label)).toEqual(
      expect.arrayContaining([
        'Activation and welcome',
        'Password reset',
        'Outside-signer invitation',
        'Onboarding form to sign',
        'New document',
        'Task needs action (NIGO)',
        'Task due soon',
        'Push to the plan system finished',
        'Phase change',
        'Upcoming date',
        'Actively-at-work reminder',
        'Dental',
        'Risk acceptance',
        'Post-onboarding survey',
      ]),
    );
    for (const t of templates) {
      const preview = await portal.owner.get(`/api/email-templates/${t.kind}/preview`);
      expect(preview.status).toBe(200);
      const body = preview.body as { subject: string; text: string; html: string };
      expect(body.subject).not.toBe('');
      expect(body.html).toContain('<!doctype html>');
      // The action's address is in both versions.
      const url = /https:\/\/onboard\.example\/\S+/.exec(body.text)?.[0];
      expect(url, t.kind).toBeDefined();
      expect(body.html).toContain(url!.replace(/&/g, '&amp;'));
    }
    const nigo = (await portal.staff.get('/api/email-templates/TASK_NEEDS_ACTION/preview')).body as {
      subject: string;
    };
    expect(nigo.subject).toBe('Action needed: Census file');
    expect((await portal.staff.get('/api/email-templates/NOPE/preview')).status).toBe(404);
    expect((await portal.broker.get('/api/email-templates')).status).toBe(403);
  });

  it('the owner-only e-mails of platform §6: the owner sends them, an admin is refused', async () => {
    const operations: [string, unknown, string][] = [
      ['post-onboarding-survey', undefined, 'How did your onboarding go?'],
      ['phase-change', undefined, 'Lakeside Manufacturing Co. is now in'],
      ['risk-acceptance', undefined, 'The risk of Lakeside Manufacturing Co. was accepted'],
      [
        'upcoming-date',
        { dateName: 'Open enrollment starts', date: 'December 1, 2026' },
        'Coming up: Open enrollment starts',
      ],
      ['actively-at-work-reminder', undefined, 'Reminder: the actively-at-work requirement'],
      ['dental', undefined, 'Dental coverage for Lakeside Manufacturing Co.'],
    ];
    for (const [segment, body, subject] of operations) {
      const path = `/api/clients/${DEMO_CLIENT_ID}/emails/${segment}`;
      expect((await portal.staff.post(path, body)).status, segment).toBe(403);
      const sent = await portal.owner.post(path, body);
      expect(sent.status, segment).toBe(201);
      const { emailIds } = sent.body as { emailIds: string[] };
      // The client's benefits administrator and broker, one e-mail each.
      expect(emailIds).toHaveLength(2);
      const detail = await eventually(async () => {
        const r = await portal.owner.get(`/api/emails/${emailIds[0]}`);
        expect(r.status).toBe(200);
        return r.body as Detail;
      });
      expect(detail.subject, segment).toContain(subject);
    }
    expect(
      (await portal.owner.post(`/api/clients/${DEMO_CLIENT_ID}/emails/upcoming-date`, { dateName: '' }))
        .status,
    ).toBe(400);
    expect((await portal.staff.post('/api/emails/activity')).status).toBe(403);
    expect((await portal.owner.post('/api/emails/activity')).status).toBe(201);

    // Resend rejected: a failed e-mail is sent again once, as a new e-mail.
    const { emailId } = await send('Bounced once', DEMO_CLIENT_ID);
    await portal.app.store.append(
      `email-${emailId}`,
      [
        {
          id: crypto.randomUUID(),
          type: 'EmailBounced',
          data: { emailId, reason: '550 Mailbox unavailable' },
          metadata: {
            actorId: 'system',
            actorRole: 'SYSTEM',
            occurredAt: new Date().toISOString(),
            correlationId: emailId,
          },
        },
      ],
      'any',
    );
    await eventually(async () => {
      const r = await portal.owner.get(`/api/emails/${emailId}`);
      expect((r.body as Detail).status).toBe('BOUNCED');
      expect((r.body as Detail).errorUsers).toEqual([]);
    });
    expect((await portal.staff.post('/api/emails/resend-rejected')).status).toBe(403);
    const resent = await portal.owner.post('/api/emails/resend-rejected');
    expect(resent.status).toBe(201);
    expect((resent.body as { count: number }).count).toBeGreaterThanOrEqual(1);
    await eventually(async () => {
      const { rows } = await portal.app.pool.query('select id from rm_emails where resend_of = $1', [
        emailId,
      ]);
      expect(rows).toHaveLength(1);
    });
    const again = await portal.owner.post('/api/emails/resend-rejected');
    expect((again.body as { emailIds: string[] }).emailIds).not.toContain(emailId);
  });

  it('notification rules: staff set who receives what, with copies, and the e-mails follow them', async () => {
    const path = `/api/clients/${DEMO_CLIENT_ID}/email-rules`;
    const initial = await portal.staff.get(path);
    expect(initial.status).toBe(200);
    const view = initial.body as {
      rules: { kind: string; to: string[] }[];
      people: { email: string; roleLabel: string }[];
    };
    expect(view.rules.find((r) => r.kind === 'DENTAL')?.to).toEqual(['BEN_ADMIN', 'BROKER']);
    expect(view.people.map((p) => p.roleLabel).sort()).toEqual([
      'Benefits administrators',
      'Brokers',
      'Implementation consultant',
    ]);
    expect((await portal.broker.get(path)).status).toBe(403);

    const bad = await portal.staff.put(path, {
      rules: [{ kind: 'DENTAL', to: ['BEN_ADMIN'], ccRoles: [], ccAddresses: ['not-an-address'] }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Please enter a valid email address');
    expect((await portal.broker.put(path, { rules: [] })).status).toBe(403);

    const set = await portal.staff.put(path, {
      rules: [
        {
          kind: 'DENTAL',
          to: ['BEN_ADMIN'],
          ccRoles: ['BROKER'],
          ccAddresses: ['benefits.team@carrier.example'],
        },
      ],
    });
    expect(set.status).toBe(200);
    const sent = await portal.owner.post(`/api/clients/${DEMO_CLIENT_ID}/emails/dental`);
    const { emailIds } = sent.body as { emailIds: string[] };
    expect(emailIds).toHaveLength(1);
    const detail = await eventually(async () => {
      const r = await portal.owner.get(`/api/emails/${emailIds[0]}`);
      expect(r.status).toBe(200);
      return r.body as Detail & { to: string[]; cc: string[] };
    });
    expect(detail.to).toEqual(['benadmin@onboard.example']);
    expect(detail.cc).toEqual(['broker@onboard.example', 'benefits.team@carrier.example']);
    expect(
      ((await portal.staff.get(path)).body as { rules: { kind: string; ccRoles: string[] }[] }).rules.find(
        (r) => r.kind === 'DENTAL',
      )?.ccRoles,
    ).toEqual(['BROKER']);
    await portal.staff.put(path, { rules: [] });
  });

  it('a user who chose the daily digest gets the rule-governed e-mails held, then one digest', async () => {
    const benAdminId = 'demo-ben-admin';
    expect(
      (await portal.broker.put(`/api/users/${benAdminId}/email-preferences`, { daily: true })).status,
    ).toBe(403);
    const chosen = await portal.benAdmin.put(`/api/users/${benAdminId}/email-preferences`, { daily: true });
    expect(chosen.status).toBe(200);
    expect((await portal.benAdmin.get(`/api/users/${benAdminId}/email-preferences`)).body).toEqual({
      daily: true,
    });

    const survey = await portal.owner.post(`/api/clients/${DEMO_CLIENT_ID}/emails/post-onboarding-survey`);
    const risk = await portal.owner.post(`/api/clients/${DEMO_CLIENT_ID}/emails/risk-acceptance`);
    const ids = [
      ...(survey.body as { emailIds: string[] }).emailIds,
      ...(risk.body as { emailIds: string[] }).emailIds,
    ];
    const statuses = async () => {
      const { rows } = await portal.app.pool.query<{ to: string; status: string }>(
        'select "to", status from rm_emails where id = any($1) order by "to"',
        [ids],
      );
      return rows;
    };
    await eventually(async () => {
      const rows = await statuses();
      expect(rows.filter((r) => r.to === 'benadmin@onboard.example').map((r) => r.status)).toEqual([
        'HELD',
        'HELD',
      ]);
      expect(rows.filter((r) => r.to === 'broker@onboard.example').map((r) => r.status)).toEqual([
        'SENT',
        'SENT',
      ]);
    });

    expect((await portal.broker.post('/api/emails/digests')).status).toBe(403);
    const digests = await portal.staff.post('/api/emails/digests');
    expect(digests.status).toBe(201);
    const [digestId] = (digests.body as { emailIds: string[] }).emailIds;
    const digest = await eventually(async () => {
      const r = await portal.staff.get(`/api/emails/${digestId}`);
      expect(r.status).toBe(200);
      return r.body as Detail & { to: string[] };
    });
    expect(digest.to).toEqual(['benadmin@onboard.example']);
    expect(digest.subject).toBe('Your Onboard digest: 2 updates');
    expect(digest.body).toContain('How did your onboarding go?');
    expect(digest.body).toContain('The risk of Lakeside Manufacturing Co. was accepted');
    await eventually(async () => {
      const rows = await statuses();
      expect(rows.filter((r) => r.to === 'benadmin@onboard.example').map((r) => r.status)).toEqual([
        'IN_DIGEST',
        'IN_DIGEST',
      ]);
    });
    // Nothing is held any more: a second run sends no digest.
    expect(((await portal.staff.post('/api/emails/digests')).body as { count: number }).count).toBe(0);
    await portal.benAdmin.put(`/api/users/${benAdminId}/email-preferences`, { daily: false });
  });
});

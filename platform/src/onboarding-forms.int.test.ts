import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { envelopeStream, parseEvent, type EnvelopeEvent, type EnvelopeRecipient } from '@onboard/events';
import { completedFormsForEvidence } from '@onboard/query-api/onboarding-forms';
import { verifyEvidencePack } from '@onboard/query-api/evidence-pack';
import { DEMO_CLIENT_ID } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { connectDocumentStore } from './documents/index.ts';
import { signingTemplate, templateField, uploadTemplateFile } from './testing/onboarding-forms.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Form = {
  onboardingFormId: string;
  status: string;
  recipients: {
    recipientId: string;
    name: string;
    status: string;
    roleName: string;
    signedAt?: string | null;
    releasedAt?: string | null;
  }[];
  documents: { docId: string }[];
};
const forms = `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms`;
// A 1×1 PNG, as a drawn signature arrives (data URL).
const DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// Onboarding forms over HTTP: a template, an envelope in routing order with a decline and a reassignment,
// a quorum, the signing link's single use, and the evidence hand-off.
describe('onboarding forms over HTTP', () => {
  const upload = (bytes: Uint8Array<ArrayBuffer>) => uploadTemplateFile(portal.staff, bytes);
  const template = (roles: unknown[], fields: unknown[]) => signingTemplate(portal.staff, roles, fields);
  const field = templateField;
  /** A form sent to one signer, on a template with that signer's role and one signature field. */
  const oneSignerForm = async (role: { roleId: string; name: string }, signer: Record<string, unknown>) => {
    const templateId = await template(
      [{ ...role, routingOrder: 1, quorum: null }],
      [field('s', role.roleId, 'signature', 600)],
    );
    return portal.staff.post(forms, { templateId, recipients: [{ roleId: role.roleId, ...signer }] });
  };

  /** Opens the signing view through a fresh link and answers the session token. */
  const openView = async (api: Api, formId: string, recipientId: string) => {
    const link = await api.post(`${forms}/${formId}/embedded-view/${recipientId}`);
    expect(link.status).toBe(201);
    const token = new URL(`http://x${link.body.url as string}`).searchParams.get('token')!;
    const opened = await api.put(`${forms}/${formId}/embedded-view-action/open`, { token });
    expect(opened.status).toBe(200);
    return {
      token,
      session: opened.body.sessionToken as string,
      fields: opened.body.fields as { fieldId: string }[],
    };
  };

  const portal = seededAppForTests('onboarding_forms', ['staff', 'benAdmin', 'broker']);
  beforeAll(async () => {}, 60_000);

  it('refuses a template that is not a PDF (400)', async () => {
    const response = await upload(new Uint8Array(Buffer.from('<html>not a pdf</html>')));
    expect(response.status).toBe(400);
    const renamed = await upload(new Uint8Array(Buffer.from('%PDF-1.7 but nothing else')));
    expect(renamed.status).toBe(400);
  });

  it('routes, declines, reassigns and completes; the evidence has every step with its hashes', async () => {
    const templateId = await template(
      [
        { roleId: 'employer', name: 'Employer', routingOrder: 1, quorum: null },
        { roleId: 'broker', name: 'Broker', routingOrder: 2, quorum: null },
      ],
      [
        field('sig-employer', 'employer', 'signature', 600),
        field('date-employer', 'employer', 'dateSigned', 550),
        field('sig-broker', 'broker', 'signature', 400),
        field('title-broker', 'broker', 'text', 350),
      ],
    );
    const created = await portal.staff.post(forms, {
      templateId,
      recipients: [
        {
          roleId: 'employer',
          name: 'Ben Adler',
          email: 'benadmin@onboard.example',
          userId: 'demo-ben-admin',
        },
        { roleId: 'broker', name: 'Bianca Brooks', email: 'broker@onboard.example', userId: 'demo-broker' },
      ],
    });
    expect(created.status).toBe(201);
    const form = created.body as Form;
    const [ben, bianca] = form.recipients;

    // The broker is second in routing order: acting now is out of turn.
    const early = await portal.broker.post(
      `${forms}/${form.onboardingFormId}/embedded-view/${bianca!.recipientId}`,
    );
    expect(early.status).toBe(409);
    // Someone else may not open the ben-admin's view.
    expect(
      (await portal.broker.post(`${forms}/${form.onboardingFormId}/embedded-view/${ben!.recipientId}`))
        .status,
    ).toBe(403);

    const benView = await openView(portal.benAdmin, form.onboardingFormId, ben!.recipientId);
    expect(benView.fields.map((f) => f.fieldId)).toEqual(['sig-employer', 'date-employer']);
    // The link is single use: opening it again is an expired link.
    const again = await portal.benAdmin.put(`${forms}/${form.onboardingFormId}/embedded-view-action/open`, {
      token: benView.token,
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('LINK_EXPIRED');
    const lock = await eventually(async () => {
      const status = await portal.staff.get(`${forms}/${form.onboardingFormId}/lockStatus`);
      expect(status.body.locked).toBe(true);
      return status.body;
    });
    expect(lock.recipientName).toBe('Ben Adler');

    const signed = await portal.benAdmin.put(`${forms}/${form.onboardingFormId}/embedded-view-action/sign`, {
      token: benView.session,
      signature: { kind: 'drawn', png: DOT },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.recipients[0].status).toBe('signed');

    const biancaView = await openView(portal.broker, form.onboardingFormId, bianca!.recipientId);
    const declined = await portal.broker.put(
      `${forms}/${form.onboardingFormId}/embedded-view-action/decline`,
      {
        token: biancaView.session,
        reason: 'I am not the broker of record',
      },
    );
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', statusLabel: 'Declined' });

    // Reassigning is for admins and owners.
    const reassignBody = {
      recipientId: bianca!.recipientId,
      name: 'Outside Broker',
      email: 'outside.broker@example.com',
    };
    expect(
      (await portal.broker.put(`${forms}/${form.onboardingFormId}/reassign-recipient`, reassignBody)).status,
    ).toBe(403);
    const reassigned = await portal.staff.put(
      `${forms}/${form.onboardingFormId}/reassign-recipient`,
      reassignBody,
    );
    expect(reassigned.status).toBe(200);
    const outside = (reassigned.body as Form).recipients.find((r) => r.name === 'Outside Broker')!;
    expect(outside).toMatchObject({ status: 'sent', roleName: 'Broker' });

    // Someone without an account signs through the link staff issue, without signing in.
    const anonymous = apiClient(portal.app.url);
    await anonymous.request('GET', '/api/auth/csrf');
    const link = await portal.staff.post(
      `${forms}/${form.onboardingFormId}/embedded-view/${outside.recipientId}`,
    );
    const token = new URL(`http://x${link.body.url as string}`).searchParams.get('token')!;
    // Someone without an account gets the link by e-mail.
    const emails = await eventually(async () => {
      const list = await portal.staff.get(`/api/clients/${DEMO_CLIENT_ID}/emails`);
      const items = (list.body.items ?? list.body) as { subject: string }[];
      expect(items.map((e) => e.subject)).toContain('Group application is ready for your signature');
      return items;
    });
    expect(emails.length).toBeGreaterThan(0);
    const opened = await anonymous.put(`${forms}/${form.onboardingFormId}/embedded-view-action/open`, {
      token,
    });
    expect(opened.status).toBe(200);
    const missingTitle = await anonymous.put(`${forms}/${form.onboardingFormId}/embedded-view-action/sign`, {
      token: opened.body.sessionToken,
      signature: { kind: 'typed', text: 'Outside Broker' },
    });
    expect(missingTitle.status).toBe(400);
    const done = await anonymous.put(`${forms}/${form.onboardingFormId}/embedded-view-action/sign`, {
      token: opened.body.sessionToken,
      signature: { kind: 'typed', text: 'Outside Broker' },
      values: { 'title-broker': 'Principal' },
    });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');

    const download = await eventually(async () => {
      const response = await fetch(`${portal.app.url}${forms}/${form.onboardingFormId}/download`, {
        headers: { cookie: [...portal.staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(response.headers.get('content-disposition')).toContain(
        'filename="Group application - Lakeside Manufacturing Co. - signed 20',
      );
      return new Uint8Array(await response.arrayBuffer());
    });
    // The form's page, then its audit certificate.
    expect((await PDFDocument.load(download)).getPageCount()).toBe(2);
    // The certificate, line by line, is the envelope's events: each recipient's name, role and e-mail, and
    // every step of theirs with its time, IP address and user agent; the hash before anyone signed.
    const certificatePage = await (await getDocumentProxy(download.slice())).getPage(2);
    const lines = ((await certificatePage.getTextContent()).items as { str: string }[])
      .map((i) => i.str)
      .filter((text) => text !== '');
    const events = (await portal.app.store.readStream(envelopeStream(form.onboardingFormId))).map(
      (r) => parseEvent(r) as EnvelopeEvent,
    );
    const createdEvent = events.find((e) => e.type === 'EnvelopeCreated')!;
    const roleName = (roleId: string) =>
      createdEvent.type === 'EnvelopeCreated'
        ? createdEvent.data.roles.find((r) => r.roleId === roleId)!.name
        : '';
    const stepLine = (
      action: string,
      d: { at: string; ipAddress?: string | null; userAgent?: string | null },
    ) =>
      `${action} ${d.at}${d.ipAddress ? ` - IP ${d.ipAddress}` : ''}${d.userAgent ? ` - User agent ${d.userAgent}` : ''}`;
    const expected = new Map<string, string[]>();
    const joined: string[] = [];
    for (const event of events) {
      const join = (r: EnvelopeRecipient, at: string) => {
        joined.push(r.recipientId);
        expected.set(r.recipientId, [`${r.name} (${roleName(r.roleId)})`, r.email, `Sent ${at}`]);
      };
      const d = event.data as { recipientId?: string; at: string };
      if (event.type === 'EnvelopeCreated') event.data.recipients.forEach((r) => join(r, event.data.at));
      if (event.type === 'EnvelopeRecipientReassigned') {
        expected.get(event.data.fromRecipientId)!.push(`Reassigned ${event.data.at}`);
        join(event.data.recipient, event.data.at);
      }
      const action = {
        EnvelopeRecipientViewed: 'Viewed',
        EnvelopeRecipientSigned: 'Signed',
        EnvelopeRecipientDeclined: 'Declined',
        EnvelopeRecipientLeft: 'Left to finish later',
      }[event.type as string];
      if (action) expected.get(d.recipientId!)!.push(stepLine(action, d));
    }
    const hashBefore = createdEvent.data.sha256;
    expect(lines.slice(0, 4)).toEqual([
      'Audit certificate',
      'Group application',
      `Document hash before signing (SHA-256): ${hashBefore}`,
      expect.stringMatching(/^Document hash after signing \(SHA-256\): [0-9a-f]{64}$/),
    ]);
    expect(lines[3]).not.toContain(hashBefore);
    expect(lines.slice(4)).toEqual(joined.flatMap((id) => expected.get(id)!));
    // Every recipient who acted did so from an address and a browser the certificate names.
    expect(
      lines.filter((l) => l.startsWith('Signed ')).every((l) => / - IP \S+ - User agent \S+/.test(l)),
    ).toBe(true);

    const documents = await connectDocumentStore(portal.app.config, portal.app.pool, () => new Date());
    const [evidence] = await eventually(async () => {
      const found = await completedFormsForEvidence({ pool: portal.app.pool, documents }, DEMO_CLIENT_ID);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(createHash('sha256').update(evidence!.pdf).digest('hex')).toBe(
      createHash('sha256').update(download).digest('hex'),
    );
    expect(evidence!.audit.map((a) => `${a.action} ${a.recipientName}`)).toEqual([
      'sent Ben Adler',
      'sent Bianca Brooks',
      'viewed Ben Adler',
      'signed Ben Adler',
      'viewed Bianca Brooks',
      'declined Bianca Brooks',
      'reassigned Bianca Brooks',
      'sent Outside Broker',
      'viewed Outside Broker',
      'signed Outside Broker',
      'completed ',
    ]);
    // The certificate page: every recipient, and each step with its time, address and browser.
    const certificate = (await extractText(await getDocumentProxy(download.slice()), { mergePages: false }))
      .text[1]!;
    expect(certificate).toContain('Audit certificate');
    for (const entry of evidence!.audit.filter((a) => ['viewed', 'signed', 'declined'].includes(a.action))) {
      const action = entry.action[0]!.toUpperCase() + entry.action.slice(1);
      expect(certificate).toContain(`${action} ${entry.at} - IP ${entry.ipAddress}`);
      expect(certificate).toContain(`${entry.recipientName} (${entry.role})`);
      expect(certificate).toContain(entry.recipientEmail);
    }
    const signatures = evidence!.audit.filter((a) => a.action === 'signed');
    expect(certificate).toContain(`Document hash before signing (SHA-256): ${signatures[0]!.hashBefore}`);
    // Each signature was stamped on the PDF the one before it left.
    expect(signatures[1]!.hashBefore).toBe(signatures[0]!.hashAfter);
    expect(signatures[1]!.hashAfter).toBe(createHash('sha256').update(download).digest('hex'));
    expect(signatures[0]).toMatchObject({
      role: 'Employer',
      recipientEmail: 'benadmin@onboard.example',
      ipAddress: expect.any(String),
      userAgent: expect.any(String),
    });

    // The client's sealed evidence pack carries the completed form, and its envelope's events are chained.
    const pack = await fetch(`${portal.app.url}/api/clients/${DEMO_CLIENT_ID}/evidence-pack`, {
      headers: { cookie: [...portal.staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(pack.status).toBe(200);
    const verification = await verifyEvidencePack(new Uint8Array(await pack.arrayBuffer()));
    expect(verification.firstFailure).toBeNull();
    const formChecks = verification.checks.filter((c) => c.check.startsWith('Signed form'));
    expect(formChecks.length).toBeGreaterThan(0);
    expect(formChecks.every((c) => c.holds)).toBe(true);
  }, 60_000);

  it('completes a quorum of 2 of 3 officers; the third can no longer sign', async () => {
    const templateId = await template(
      [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 2 }],
      [field('sig', 'officers', 'signature', 600)],
    );
    const officer = (n: number) => ({
      roleId: 'officers',
      name: `Officer ${n}`,
      email: `officer${n}@example.com`,
    });
    const created = await portal.staff.post(forms, {
      templateId,
      formName: 'Officers’ resolution',
      recipients: [officer(1), officer(2), officer(3)],
    });
    expect(created.status).toBe(201);
    const form = created.body as Form;
    const sessions = [];
    for (const r of form.recipients) {
      const link = await portal.staff.post(
        `${forms}/${form.onboardingFormId}/embedded-view/${r.recipientId}`,
      );
      sessions.push(new URL(`http://x${link.body.url as string}`).searchParams.get('token')!);
    }
    const signer = apiClient(portal.app.url);
    await signer.request('GET', '/api/auth/csrf');
    const signWith = async (linkToken: string) => {
      const opened = await signer.put(`${forms}/${form.onboardingFormId}/embedded-view-action/open`, {
        token: linkToken,
      });
      if (opened.status !== 200) return opened;
      return signer.put(`${forms}/${form.onboardingFormId}/embedded-view-action/sign`, {
        token: opened.body.sessionToken,
        signature: { kind: 'typed', text: 'Officer' },
      });
    };
    expect((await signWith(sessions[0]!)).status).toBe(200);
    const second = await signWith(sessions[1]!);
    expect(second.body.status).toBe('completed');
    expect(second.body.recipients.map((r: { statusLabel: string }) => r.statusLabel)).toEqual([
      'Signed',
      'Signed',
      'No longer needed',
    ]);
    // The hub's list (the read model) dates the released officer with the moment the quorum was reached.
    const listed = await eventually(async () => {
      const list = (await portal.staff.get(forms)).body as Form[];
      const row = list.find((f) => f.onboardingFormId === form.onboardingFormId)!;
      expect(row.recipients[2]!.releasedAt).not.toBeNull();
      return row;
    });
    expect(listed.recipients[2]!.releasedAt).toBe(listed.recipients[1]!.signedAt);
    expect(listed.recipients[0]!.releasedAt).toBeNull();
    const third = await signWith(sessions[2]!);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      code: 'NO_LONGER_NEEDED',
      message:
        'You no longer need to sign Officers’ resolution: it needed any 2 of the 3 Officers, and 2 have signed.',
    });
  }, 60_000);

  it('a quorum’s completed PDF has each signature and text once, where its signer signed', async () => {
    const templateId = await template(
      [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 2 }],
      [
        field('sig-a', 'officers', 'signature', 600),
        field('sig-b', 'officers', 'signature', 450),
        field('title', 'officers', 'text', 300),
      ],
    );
    const created = await portal.staff.post(forms, {
      templateId,
      formName: 'Officers’ minutes',
      recipients: [1, 2, 3].map((n) => ({
        roleId: 'officers',
        name: `Officer ${n}`,
        email: `o${n}@example.com`,
      })),
    });
    expect(created.status).toBe(201);
    const form = created.body as Form;
    const signer = apiClient(portal.app.url);
    await signer.request('GET', '/api/auth/csrf');
    const signAs = async (recipientId: string, text: string, values?: Record<string, string>) => {
      const link = await portal.staff.post(`${forms}/${form.onboardingFormId}/embedded-view/${recipientId}`);
      const token = new URL(`http://x${link.body.url as string}`).searchParams.get('token')!;
      const opened = await signer.put(`${forms}/${form.onboardingFormId}/embedded-view-action/open`, {
        token,
      });
      expect(opened.status).toBe(200);
      const fields = (opened.body.fields as { fieldId: string }[]).map((f) => f.fieldId);
      const signed = await signer.put(`${forms}/${form.onboardingFormId}/embedded-view-action/sign`, {
        token: opened.body.sessionToken,
        signature: { kind: 'typed', text },
        ...(values ? { values } : {}),
      });
      expect(signed.status).toBe(200);
      return { fields, status: signed.body.status as string };
    };
    // The second officer signs first and takes the first seat; the third, the second seat.
    const first = await signAs(form.recipients[1]!.recipientId, 'Olivia Second', { title: 'Treasurer' });
    expect(first.fields).toEqual(['sig-a', 'title']);
    const second = await signAs(form.recipients[2]!.recipientId, 'Tom Third');
    expect(second).toEqual({ fields: ['sig-b'], status: 'completed' });

    const download = await eventually(async () => {
      const response = await fetch(`${portal.app.url}${forms}/${form.onboardingFormId}/download`, {
        headers: { cookie: [...portal.staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(response.headers.get('content-disposition')).toContain(
        encodeURIComponent('Officers’ minutes - Lakeside Manufacturing Co. - signed '),
      );
      return new Uint8Array(await response.arrayBuffer());
    });
    const page = await (await getDocumentProxy(download)).getPage(1);
    const items = (await page.getTextContent()).items as { str: string; transform: number[] }[];
    const where = (text: string) =>
      items.filter((i) => i.str.includes(text)).map((i) => Math.round(i.transform[5]!));
    const inField = (ys: number[], y: number) => ys.length === 1 && ys[0]! >= y && ys[0]! <= y + 40;
    // Each signer's ink and text once, inside their own field; nothing stamped twice.
    expect(inField(where('Olivia Second'), 600)).toBe(true);
    expect(inField(where('Tom Third'), 450)).toBe(true);
    expect(inField(where('Treasurer'), 300)).toBe(true);
  }, 60_000);

  it('voids (staff only); a ben-admin cannot', async () => {
    const created = await oneSignerForm(
      { roleId: 'employer', name: 'Employer' },
      { name: 'Ben Adler', email: 'benadmin@onboard.example', userId: 'demo-ben-admin' },
    );
    const id = (created.body as Form).onboardingFormId;
    expect((await portal.benAdmin.delete(`${forms}/${id}`)).status).toBe(403);
    expect((await portal.staff.delete(`${forms}/${id}?reason=Sent%20by%20mistake`)).status).toBe(204);
    const listed = await eventually(async () => {
      const list = (await portal.benAdmin.get(forms)).body as Form[];
      expect(list.find((f) => f.onboardingFormId === id)?.status).toBe('voided');
      return list;
    });
    expect(listed.length).toBeGreaterThan(0);
  }, 30_000);

  it('moves a user’s places on open forms to their new e-mail (PUT onboarding-form-email)', async () => {
    const created = await oneSignerForm(
      { roleId: 'broker', name: 'Broker' },
      { name: 'Bianca Brooks', email: 'old.bianca@example.com', userId: null },
    );
    const id = (created.body as Form).onboardingFormId;
    await eventually(async () => {
      const list = (await portal.staff.get(forms)).body as Form[];
      expect(list.some((f) => f.onboardingFormId === id)).toBe(true);
    });
    const moved = await portal.broker.put('/api/users/demo-broker/onboarding-form-email', {
      oldEmail: 'Old.Bianca@example.com',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.updatedForms).toBe(1);
    expect(
      (
        await portal.benAdmin.put('/api/users/demo-broker/onboarding-form-email', {
          oldEmail: 'x@example.com',
        })
      ).status,
    ).toBe(403);
    // Now the broker's own account signs in that place.
    const link = await portal.broker.post(
      `${forms}/${id}/embedded-view/${(created.body as Form).recipients[0]!.recipientId}`,
    );
    expect(link.status).toBe(201);
  }, 30_000);
});

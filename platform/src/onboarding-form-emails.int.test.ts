import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { DEMO_CLIENT_ID, DEMO_USERS } from './seed.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './emails/testing-smtp.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import {
  signedByLinkToken,
  signingTemplate,
  signingToken,
  templateField,
} from './testing/onboarding-forms.ts';

type Api = ReturnType<typeof apiClient>;
type Form = { onboardingFormId: string; status: string; recipients: { recipientId: string; name: string }[] };
const forms = `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms`;
const benAdmin = DEMO_USERS.find((u) => u.role === 'BEN_ADMIN')!;
const broker = DEMO_USERS.find((u) => u.role === 'BROKER')!;

/**
 * The e-mails of onboarding forms, received by a real SMTP server: whoever becomes able to sign (sent to
 * the first routing order, the next order's turn, a place reassigned to an outside signer, each of a
 * quorum's officers), a released officer, and everyone told of a declined or voided form, with the copies
 * the client's notification rules ask for. The onboarding-forms task follows the forms as they go.
 */
describe('onboarding-form e-mails over SMTP', () => {
  let app: RunningApp;
  let smtp: TestSmtpServer;
  let staff: Api;

  const template = (roles: unknown[], fields: [string, string, number][]) =>
    signingTemplate(
      staff,
      roles,
      fields.map(([fieldId, roleId, y]) => templateField(fieldId, roleId, 'signature', y)),
    );

  /** A template the employer signs first, then the broker. */
  const employerThenBroker = () =>
    template(
      [
        { roleId: 'employer', name: 'Employer', routingOrder: 1, quorum: null },
        { roleId: 'broker', name: 'Broker', routingOrder: 2, quorum: null },
      ],
      [
        ['employer-sig', 'employer', 600],
        ['broker-sig', 'broker', 400],
      ],
    );

  /** The e-mails to an address with this subject, once they have arrived. */
  const mailsTo = async (address: string, subject: string, count = 1): Promise<ReceivedMail[]> =>
    eventually(async () => {
      const found = smtp.received.filter(
        (m) => m.envelope.to.includes(address) && m.parsed.subject === subject,
      );
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found;
    }, 20_000);
  const subjectsTo = (address: string) =>
    smtp.received.filter((m) => m.envelope.to.includes(address)).map((m) => m.parsed.subject);
  const linkIn = (mail: ReceivedMail) => {
    const link = /https?:\/\/\S+\/onboarding-forms\/\S+\/action\/\S+\?token=\S+/.exec(mail.parsed.text ?? '');
    expect(link).not.toBeNull();
    return new URL(link![0]).searchParams.get('token')!;
  };
  /** The onboarding-forms task's status, once it reads `expected`. */
  const taskStatusIs = (expected: string) =>
    eventually(async () => {
      const tasks = (await staff.get(`/api/clients/${DEMO_CLIENT_ID}/tasks`)).body as {
        taskId: string;
        status: string;
      }[];
      expect(tasks.find((t) => t.taskId === 'onboarding-forms')?.status).toBe(expected);
    });
  /** Signs by the token of an e-mailed link, as someone without an account. */
  const signByLink = async (formId: string, token: string, text: string) => {
    const { opened, signed } = await signedByLinkToken(app.url, `${forms}/${formId}`, token, text);
    expect(opened.status).toBe(200);
    expect(signed.status).toBe(200);
    return signed.body as Form;
  };
  /** Signs as a portal user, through the view they open from the task. */
  const signAsUser = async (api: Api, formId: string, recipientId: string, text: string) => {
    const link = await api.post(`${forms}/${formId}/embedded-view/${recipientId}`);
    expect(link.status).toBe(201);
    const token = signingToken(link.body.url as string)!;
    const opened = await api.put(`${forms}/${formId}/embedded-view-action/open`, { token });
    expect(opened.status).toBe(200);
    return api.put(`${forms}/${formId}/embedded-view-action/sign`, {
      token: opened.body.sessionToken,
      signature: { kind: 'typed', text },
    });
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const base = embeddedTestConfig(await seededDatabase('onboarding_form_emails'), { webDist: null });
    app = await startApp({ ...base, email: { ...base.email, smtpUrl: smtp.url, pollMs: 200 } });
    staff = apiClient(app.url);
    await staff.signIn('admin@onboard.example');
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it('each recipient hears when they can sign; a decline tells the others; the outside signer reassigned signs by their e-mailed link', async () => {
    // The client's rule copies the carrier's operations desk on every decline.
    const rules = await staff.put(`/api/clients/${DEMO_CLIENT_ID}/email-rules`, {
      rules: [
        { kind: 'ONBOARDING_FORM_DECLINED', to: [], ccRoles: [], ccAddresses: ['desk@carrier.example'] },
      ],
    });
    expect(rules.status).toBe(200);
    const created = await staff.post(forms, {
      templateId: await employerThenBroker(),
      formName: 'Group application',
      recipients: [
        { roleId: 'employer', name: benAdmin.name, email: benAdmin.email, userId: benAdmin.id },
        { roleId: 'broker', name: broker.name, email: broker.email, userId: broker.id },
      ],
    });
    expect(created.status).toBe(201);
    const form = created.body as Form;
    // The onboarding-forms task follows the forms: in progress once one is sent.
    await taskStatusIs('In Progress');

    // Sent: the benefits administrator, first in order, is told, with a link to the client's forms.
    const [toBen] = await mailsTo(benAdmin.email, 'Group application is ready for your signature');
    expect(toBen!.parsed.text).toContain(`/client/${DEMO_CLIENT_ID}/task/onboarding-forms`);
    expect(toBen!.parsed.text).toContain('Lakeside Manufacturing Co.');
    expect(subjectsTo(broker.email)).not.toContain('Group application is ready for your signature');

    // Once the benefits administrator signs, it is the broker's turn, and the broker is told.
    const ben = apiClient(app.url);
    await ben.signIn(benAdmin.email);
    expect(
      (await signAsUser(ben, form.onboardingFormId, form.recipients[0]!.recipientId, benAdmin.name)).status,
    ).toBe(200);
    await mailsTo(broker.email, 'Group application is ready for your signature');

    // The broker declines: the benefits administrator hears of it and why, the desk gets a copy; the
    // broker is not told of their own decline.
    const brokerApi = apiClient(app.url);
    await brokerApi.signIn(broker.email);
    const link = await brokerApi.post(
      `${forms}/${form.onboardingFormId}/embedded-view/${form.recipients[1]!.recipientId}`,
    );
    const token = signingToken(link.body.url as string)!;
    const opened = await brokerApi.put(`${forms}/${form.onboardingFormId}/embedded-view-action/open`, {
      token,
    });
    const declined = await brokerApi.put(`${forms}/${form.onboardingFormId}/embedded-view-action/decline`, {
      token: opened.body.sessionToken,
      reason: 'We are not the broker of record',
    });
    expect(declined.status).toBe(200);
    const [declineMail] = await mailsTo(benAdmin.email, 'Group application was declined');
    expect(declineMail!.parsed.text).toContain(`${broker.name} declined to sign the Group application`);
    expect(declineMail!.parsed.text).toContain('Reason: We are not the broker of record');
    expect(declineMail!.envelope.to).toContain('desk@carrier.example');
    // Someone with an account is led to the client's forms.
    expect(declineMail!.parsed.text).toContain(`/client/${DEMO_CLIENT_ID}/task/onboarding-forms`);
    expect(subjectsTo(broker.email)).not.toContain('Group application was declined');

    // Reassigned to an outside broker: she is e-mailed a signing link of her own at once, and signs by it.
    const reassigned = await staff.put(`${forms}/${form.onboardingFormId}/reassign-recipient`, {
      recipientId: form.recipients[1]!.recipientId,
      name: 'Rita Ramos',
      email: 'rita.ramos@ramos-benefits.example',
    });
    expect(reassigned.status).toBe(200);
    const [toRita] = await mailsTo(
      'rita.ramos@ramos-benefits.example',
      'Group application is ready for your signature',
    );
    expect(toRita!.parsed.text).toContain('The link works once and expires in 3 days.');
    const done = await signByLink(form.onboardingFormId, linkIn(toRita!), 'Rita Ramos');
    expect(done.status).toBe('completed');
    // Every form completed: the task is done.
    await taskStatusIs('Done');
  }, 90_000);

  it('a quorum of 2 of 3: each officer gets a signing link, the third is told they are no longer needed', async () => {
    const templateId = await template(
      [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 2 }],
      [
        ['sig-a', 'officers', 600],
        ['sig-b', 'officers', 400],
      ],
    );
    const officers = [1, 2, 3].map((n) => ({
      roleId: 'officers',
      name: `Officer ${n}`,
      email: `officer${n}@northwind.example`,
    }));
    const created = await staff.post(forms, {
      templateId,
      formName: 'Officers resolution',
      recipients: officers,
    });
    expect(created.status).toBe(201);
    const formId = (created.body as Form).onboardingFormId;
    const tokens = await Promise.all(
      officers.map(async (o) =>
        linkIn((await mailsTo(o.email, 'Officers resolution is ready for your signature'))[0]!),
      ),
    );
    await signByLink(formId, tokens[0]!, 'Officer 1');
    expect((await signByLink(formId, tokens[1]!, 'Officer 2')).status).toBe('completed');
    const [released] = await mailsTo(officers[2]!.email, 'You no longer need to sign Officers resolution');
    expect(released!.parsed.text).toContain(
      'You no longer need to sign the Officers resolution of Lakeside Manufacturing Co.: it needed any 2 of the 3 Officers, and 2 have signed.',
    );
    // The signers are not told they are released.
    expect(subjectsTo(officers[0]!.email)).not.toContain('You no longer need to sign Officers resolution');
  }, 90_000);

  it('a voided form: everyone told of it hears, with the reason; those still waiting their turn do not', async () => {
    const created = await staff.post(forms, {
      templateId: await employerThenBroker(),
      formName: 'Voided application',
      recipients: [
        { roleId: 'employer', name: 'Vera Voss', email: 'vera.voss@lakeside.example' },
        { roleId: 'broker', name: 'Walt Wren', email: 'walt.wren@brokers.example' },
      ],
    });
    expect(created.status).toBe(201);
    await mailsTo('vera.voss@lakeside.example', 'Voided application is ready for your signature');
    await taskStatusIs('In Progress');
    const voided = await staff.delete(
      `${forms}/${(created.body as Form).onboardingFormId}?reason=${encodeURIComponent('Sent with the wrong plan year')}`,
    );
    expect(voided.status).toBe(204);
    const [mail] = await mailsTo('vera.voss@lakeside.example', 'Voided application was voided');
    expect(mail!.parsed.text).toContain('Reason: Sent with the wrong plan year');
    // Someone who signs by link has no account to go to: the e-mail carries no link.
    expect(mail!.parsed.text).not.toContain('/task/onboarding-forms');
    // Walt's turn never came: he was told nothing of the form, so nothing of its end either.
    expect(subjectsTo('walt.wren@brokers.example')).toEqual([]);
    // The voided form no longer counts: every other form is completed, so the task is done again.
    await taskStatusIs('Done');
  }, 60_000);
});

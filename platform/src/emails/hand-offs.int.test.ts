import { beforeAll, describe, expect, it } from 'vitest';
import { censusStream, clientStream, documentStream, eifStream, taskStream } from '@onboard/events';
import { RULE_KINDS, defaultRule } from '@onboard/domain';
import { clientEmails } from '@onboard/command-api/emails';
import { clientNotificationsWorker } from '@onboard/workers';
import { DEMO_CLIENT_ID } from '../seed.ts';
import { answerEveryRequiredQuestion } from '../testing/complete-eif.ts';
import { submitCensus } from '../testing/census.ts';
import { eventually } from '../testing/http-client.ts';
import { notificationNames } from './notification-names.ts';
import { addressesOf, mailingAppForTests, type ReceivedMail } from './testing-smtp.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;
const POLICY_ID = 'policy-lakeside-1';
const census = `${client}/census/${POLICY_ID}`;
const HEADER =
  'Employee ID,Relationship,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,E-mail,Annual Salary,Elected Plans,Coverage Effective Date';
const row = (id: string, ssn: string) =>
  `${id},Employee,Ada,Lovelace,${ssn},12/10/1985,03/15/2020,Salaried,40,Head office,NY,10001,ada@example.com,85000.00,Dental; Vision,04/01/2020`;

const BEN_ADMIN = 'benadmin@onboard.example';
const BROKER = 'broker@onboard.example';
const CONSULTANT = 'admin@onboard.example'; // Adam Alvarez, the demo clients' implementation consultant
const COPIES = 'onboarding-copies@carrier.example';

// Every hand-off tells someone: each kind reaches, through a real SMTP server, the people its rule names
// (each their own e-mail), with the rule's copies on the envelope and in the Cc header, once.
describe('hand-off e-mails', () => {
  const mailing = mailingAppForTests('hand_offs', ['staff', 'benAdmin']);

  /** The messages the server took whose subject starts so, each as [recipient, cc header]. */
  const received = (subject: string) =>
    mailing.smtp.received.filter((m) => m.parsed.subject?.startsWith(subject));
  const ccOf = (mail: ReceivedMail) => addressesOf(mail.parsed.cc);
  const toOf = (mail: ReceivedMail) => addressesOf(mail.parsed.to);
  /** Waits for the kind's e-mails to `to` (sorted), then checks each carries the copy and came once. */
  const expectDelivered = async (subject: string, to: string[]) => {
    const mails = await eventually(async () => {
      const found = received(subject);
      expect(found.flatMap(toOf).sort()).toEqual([...to].sort());
      return found;
    }, 20_000);
    for (const mail of mails) {
      expect(ccOf(mail)).toEqual([COPIES]);
      expect(mail.envelope.to).toContain(COPIES);
    }
    return mails;
  };

  const validate = async (csv: string, name: string) => {
    const document = await submitCensus(mailing.benAdmin, census, { bytes: csv, name }, 'BEN_ADMIN_PLATFORM');
    await eventually(async () => {
      const list = (await mailing.benAdmin.get(`${census}/validate`)).body as {
        document: { documentId: string; status: string };
      }[];
      expect(list.find((d) => d.document.documentId === document.documentId)?.document.status).toBe(
        'VALIDATED',
      );
    }, 20_000);
    return document.documentId;
  };

  beforeAll(async () => {
    // Every kind keeps its default receivers and copies one address.
    const rules = RULE_KINDS.map((kind) => ({ ...defaultRule(kind), ccAddresses: [COPIES] }));
    expect((await mailing.staff.put(`${client}/email-rules`, { rules })).status).toBe(200);
    expect((await mailing.staff.post(`${client}/tasks/schedule`)).status).toBeLessThan(300);
  });
  it('a census validated with errors tells the client’s people; one submitted tells the consultant', async () => {
    await validate(`${HEADER}\n${row('E1', '123-45-6789')}\n${row('E2', '123-45-6789')}\n`, 'duplicates.csv');
    const [errors] = await expectDelivered('The census of Lakeside Manufacturing Co. needs corrections', [
      BEN_ADMIN,
      BROKER,
    ]);
    expect(errors!.parsed.text).toContain('The census file duplicates.csv of Lakeside Manufacturing Co. has');
    expect(errors!.parsed.text).toContain('error');

    const documentId = await validate(`${HEADER}\n${row('E1', '234-56-7891')}\n`, 'census-2027.csv');
    const submitted = await mailing.benAdmin.post(`${census}/submit`, { documentId });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const [mail] = await expectDelivered('Census submitted: Lakeside', [CONSULTANT]);
    expect(mail!.parsed.text).toContain('submitted its census file census-2027.csv');
    // The clean file told nobody of errors.
    expect(received('The census of Lakeside Manufacturing Co. needs corrections')).toHaveLength(2);
  });

  it('the form signed tells the consultant and the brokers; changes marked ready for review tell the consultant', async () => {
    await answerEveryRequiredQuestion(mailing.benAdmin, DEMO_CLIENT_ID);
    expect((await mailing.benAdmin.put(client, { taxId: '12-3456789' })).status).toBe(200);
    expect((await mailing.benAdmin.post(`${client}/eif/sign`)).status).toBe(200);
    const [signed] = await expectDelivered('Lakeside Manufacturing Co. signed the Employer', [
      BROKER,
      CONSULTANT,
    ]);
    expect(signed!.parsed.text).toContain('The authorized signer signed the Employer Information Form');
    expect(signed!.parsed.text).toContain(
      'https://onboard.example.test/client/lakeside-manufacturing/task/eif-submit-company-information/summary',
    );

    expect((await mailing.benAdmin.put(client, { taxId: '98-7654321' })).status).toBe(200);
    expect((await mailing.benAdmin.post(`${client}/eif/changes/ready-for-review`)).status).toBe(200);
    const [review] = await expectDelivered('Changes to review: Lakeside', [CONSULTANT]);
    expect(review!.parsed.text).toContain(
      'https://onboard.example.test/clients/admin/lakeside-manufacturing/manage/review',
    );
  });

  it('a document the client uploads tells the consultant; one staff upload tells nobody', async () => {
    const form = (name: string) => {
      const body = new FormData();
      body.append('category', 'other');
      body.append(
        'files',
        new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])], { type: 'application/pdf' }),
        name,
      );
      return body;
    };
    expect((await mailing.staff.upload(`${client}/documents`, form('From staff.pdf'))).status).toBe(201);
    expect((await mailing.benAdmin.upload(`${client}/documents`, form('Prior bill.pdf'))).status).toBe(201);
    const [mail] = await expectDelivered('Lakeside Manufacturing Co. uploaded', [CONSULTANT]);
    expect(mail!.parsed.subject).toBe('Lakeside Manufacturing Co. uploaded Prior bill.pdf');
    expect(mail!.parsed.text).toContain('Ben Adler of Lakeside Manufacturing Co. uploaded Prior bill.pdf');
  });

  it('a task accepted after review tells the client’s people; go-live tells everyone', async () => {
    const task = `${client}/tasks/prior-carrier-certificates/status`;
    expect((await mailing.staff.put(task, { policyId: null, status: 'In Review' })).status).toBe(200);
    expect((await mailing.staff.put(task, { policyId: null, status: 'Done' })).status).toBe(200);
    await expectDelivered('Accepted: Prior carrier certificates', [BEN_ADMIN, BROKER]);

    expect((await mailing.staff.put(`${client}/release-status`, { releaseStatus: 'LIVE' })).status).toBe(200);
    await expectDelivered('Lakeside Manufacturing Co. is live', [BEN_ADMIN, BROKER, CONSULTANT]);
  });

  it('staff find every hand-off in All emails, by kind', async () => {
    const listed = (await mailing.staff.get('/api/emails?limit=100&offset=0')).body as { kind: string }[];
    const kinds = new Set(listed.map((e) => e.kind));
    for (const kind of [
      'EIF_SIGNED',
      'EIF_CHANGES_READY_FOR_REVIEW',
      'CENSUS_SUBMITTED',
      'CENSUS_ERRORS',
      'CLIENT_DOCUMENT_UPLOADED',
      'TASK_ACCEPTED',
      'GO_LIVE',
    ])
      expect(kinds, kind).toContain(kind);
    const labels = (await mailing.staff.get('/api/email-templates')).body as {
      kind: string;
      label: string;
    }[];
    expect(labels.find((t) => t.kind === 'CLIENT_DOCUMENT_UPLOADED')?.label).toBe(
      'Document uploaded by the client',
    );
  });

  it('the reactor run again over every hand-off sends nothing more', async () => {
    const { rows } = await mailing.app.pool.query<{ n: number }>('select count(*)::int as n from rm_emails');
    const before = mailing.smtp.received.length;
    const replay = clientNotificationsWorker({
      now: () => new Date(),
      names: notificationNames({ store: mailing.app.store, pool: mailing.app.pool }),
      notify: clientEmails({
        store: mailing.app.store,
        pool: mailing.app.pool,
        emailSender: mailing.app.identity.deps.emailSender,
        publicUrl: mailing.app.identity.deps.publicUrl,
      }).notifyClient,
    });
    const streams = [
      taskStream(DEMO_CLIENT_ID),
      eifStream(DEMO_CLIENT_ID),
      censusStream(DEMO_CLIENT_ID, POLICY_ID),
      documentStream(DEMO_CLIENT_ID),
      clientStream(DEMO_CLIENT_ID),
    ];
    const events = (await Promise.all(streams.map((s) => mailing.app.store.readStream(s)))).flat();
    const handOffs = events.filter((e) => replay.filter!.eventTypes!.includes(e.type));
    expect(handOffs.length).toBeGreaterThan(8);
    await replay.react!(handOffs);
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      (await mailing.app.pool.query<{ n: number }>('select count(*)::int as n from rm_emails')).rows[0]!.n,
    ).toBe(rows[0]!.n);
    expect(mailing.smtp.received.length).toBe(before);
  });
});

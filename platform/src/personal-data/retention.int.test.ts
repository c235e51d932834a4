import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '../seed.ts';
import { submitCensus } from '../testing/census.ts';
import { eventually } from '../testing/http-client.ts';
import { mailingAppForTests } from '../emails/testing-smtp.ts';
import { runRetention } from './retention.ts';

const POLICY_ID = 'policy-lakeside-1';
const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
const CONSULTANT = 'admin@onboard.example';
const DAY_MS = 86_400_000;
const CSV = [
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary',
  'E1,Ada,Quillfeather,555-12-3456,04/02/1980,03/15/2020,Salaried,40,Head office,NY,1000,85000',
].join('\n');

// Retention on an injected clock: a LIVE client's census files and personal data are erased the day its
// retention time ends (not the day before), once, and its consultant is told over real SMTP.
describe('retention of personal data after going LIVE', () => {
  const mailing = mailingAppForTests('retention', ['staff', 'benAdmin']);
  let documentId: string;
  let liveAt: Date;

  const runAt = async (at: Date) =>
    runRetention({
      store: mailing.app.store,
      pool: mailing.app.pool,
      keys: mailing.app.dataKeys,
      emailSender: mailing.app.identity.deps.emailSender,
      publicUrl: mailing.app.identity.deps.publicUrl,
      now: () => at,
      retentionDays: mailing.app.config.personalDataRetentionDays,
    });
  const rows = async () =>
    (await mailing.benAdmin.get(`${census}/files/${documentId}/rows`)).body as {
      rows: { cells: Record<string, string> }[];
    };

  beforeAll(async () => {
    documentId = (
      await submitCensus(mailing.benAdmin, census, { bytes: CSV, name: 'census.csv' }, 'BEN_ADMIN_PLATFORM')
    ).documentId;
    await eventually(async () => expect((await rows()).rows[0]?.cells.ssn).toBe('***-**-3456'));
    liveAt = new Date();
    expect(
      (await mailing.staff.put(`/api/clients/${DEMO_CLIENT_ID}/release-status`, { releaseStatus: 'LIVE' }))
        .status,
    ).toBe(200);
    await eventually(async () => {
      const { rows: live } = await mailing.app.pool.query(
        `select 1 from rm_client_lifecycle where client_id = $1 and release_status = 'LIVE'`,
        [DEMO_CLIENT_ID],
      );
      expect(live).toHaveLength(1);
    });
  }, 120_000);
  it('keeps everything until the retention time ends, then erases once and e-mails the consultant', async () => {
    expect(mailing.app.config.personalDataRetentionDays).toBe(90);
    expect(await runAt(new Date(liveAt.getTime() + 89 * DAY_MS))).toEqual({ erased: [] });
    expect((await rows()).rows[0]!.cells.ssn).toBe('***-**-3456');

    expect(await runAt(new Date(liveAt.getTime() + 90 * DAY_MS + 60_000))).toEqual({
      erased: [DEMO_CLIENT_ID],
    });
    expect((await rows()).rows[0]!.cells).toMatchObject({
      ssn: 'erased',
      dateOfBirth: 'erased',
      lastName: 'erased',
    });
    expect((await mailing.benAdmin.get(`${census}/files/${documentId}`)).status).toBe(404);
    const events = await mailing.app.store.readStream(`personal-data-${DEMO_CLIENT_ID}`);
    expect(events.map((e) => e.data)).toMatchObject([
      { scope: 'CLIENT', reason: 'RETENTION', erasedBy: { userId: 'system:retention', role: 'SYSTEM' } },
    ]);

    const mail = await eventually(async () => {
      const found = mailing.smtp.received.filter((m) => (m.parsed.subject ?? '').includes('personal data'));
      expect(found).toHaveLength(1);
      return found[0]!;
    }, 20_000);
    expect(mail.envelope.to).toEqual([CONSULTANT]);
    expect(mail.parsed.subject).toBe('The census personal data of Lakeside Manufacturing Co. was erased');
    expect(mail.parsed.text).toContain('As 90 days have passed');

    // A later pass erases nothing more and sends nothing again.
    expect(await runAt(new Date(liveAt.getTime() + 91 * DAY_MS))).toEqual({ erased: [] });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(
      mailing.smtp.received.filter((m) => (m.parsed.subject ?? '').includes('personal data')),
    ).toHaveLength(1);
  }, 60_000);
});

import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_MESSAGES } from '@onboard/domain';
import { DEMO_CLIENT_ID } from './seed.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { mailingAppForTests } from './emails/testing-smtp.ts';

type Api = ReturnType<typeof apiClient>;
const client = `/api/clients/${DEMO_CLIENT_ID}`;
const BEN_ADMIN = 'benadmin@onboard.example';
const OUTSIDE = 'casey.frost@lakeside.example';
const BEN_ADMIN_SIGNER = 'Ben Adler (Benefits administrator)';
const OUTSIDE_SIGNER = 'Casey Frost (Outside signer)';

type Answer = { section: string; entity: string; question: string; before: string; after: string };
type Signatures = {
  signatures: {
    signer: string;
    sections: string[];
    toConfirm: Answer[];
    confirmations: { answers: Answer[] }[];
  }[];
  waitingFor: string[];
  mine: Answer[];
};

// Re-signing only by whom it concerns: the authorized signer signs the whole form, an outside signer
// countersigns one section; a change accepted in one's section asks only that signer to confirm, by
// e-mail over SMTP, with the changes in words; the confirmation shows in the summary PDF and evidence pack.
describe('re-signing only by whom it concerns', () => {
  const mailing = mailingAppForTests('eif_signatures', ['benAdmin', 'staff']);

  const signaturesAs = async (api: Api) => {
    const res = await api.get(`${client}/eif/signatures`);
    expect(res.status).toBe(200);
    return res.body as Signatures;
  };
  const inviteOutsideSigner = async () => {
    const invite = await mailing.staff.post(`${client}/outside-signer`, {
      email: OUTSIDE,
      firstName: 'Casey',
      lastName: 'Frost',
      stepId: 'review-&-submit',
      sections: ['other-contract-details'],
    });
    expect(invite.status, invite.text).toBe(201);
    const body = await eventually(async () => {
      const r = await mailing.app.pool.query<{ body: string }>('select body from rm_emails where id = $1', [
        invite.body.emailId,
      ]);
      expect(r.rows).toHaveLength(1);
      return r.rows[0]!.body;
    });
    return /\/client\/[^/]+\/outside-signer\/(\S+)/.exec(body)![1]!;
  };
  const pdfText = async (path: string) => {
    const res = await fetch(`${mailing.app.url}${path}`, {
      headers: { cookie: [...mailing.staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
  };

  beforeAll(async () => {
    await answerEveryRequiredQuestion(mailing.benAdmin, DEMO_CLIENT_ID);
    expect((await mailing.benAdmin.put(client, { taxId: '12-3456789' })).status).toBe(200);
    expect((await mailing.benAdmin.post(`${client}/eif/sign`)).status).toBe(200);
  });
  it('records the sections of each signature: the whole form for the signer, the invited section for the outside signer', async () => {
    const actionId = await inviteOutsideSigner();
    const signer = apiClient(mailing.app.url);
    await signer.get('/api/auth/csrf');
    const view = await signer.get(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}`);
    expect(view.status).toBe(200);
    expect(view.body.signing).toEqual({
      sections: ['Other contract details'],
      hasSigned: false,
      toConfirm: [],
    });
    const signed = await signer.post(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/sign`);
    expect(signed.status, signed.text).toBe(200);
    // The link is used: a second countersignature through it is not possible.
    expect((await signer.post(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/sign`)).status).toBe(404);

    const { signatures, waitingFor } = await signaturesAs(mailing.staff);
    expect(signatures.map((s) => [s.signer, s.sections])).toEqual([
      [
        BEN_ADMIN_SIGNER,
        [
          'Company information',
          'Plan administrators & billing',
          'Plan configuration & eligibility',
          'Other contract details',
        ],
      ],
      [OUTSIDE_SIGNER, ['Other contract details']],
    ]);
    expect(waitingFor).toEqual([]);
  });

  it('a change accepted in one signer’s section asks only that signer, by e-mail, with before and after in words', async () => {
    expect((await mailing.benAdmin.put(client, { taxId: '98-7654321' })).status).toBe(200);
    // Pending changes ask nobody: only accepted ones change what was signed.
    expect((await signaturesAs(mailing.staff)).waitingFor).toEqual([]);
    expect((await mailing.staff.post(`${client}/eif/changes/accept`, { changeIds: 'all' })).status).toBe(200);

    const after = await signaturesAs(mailing.staff);
    expect(after.waitingFor).toEqual([BEN_ADMIN_SIGNER]);
    expect(after.signatures.find((s) => s.signer === OUTSIDE_SIGNER)!.toConfirm).toEqual([]);
    const mine = (await signaturesAs(mailing.benAdmin)).mine;
    expect(mine).toEqual([
      expect.objectContaining({
        section: 'Company information',
        entity: 'Company',
        before: '12-3456789',
        after: '98-7654321',
      }),
    ]);
    expect(mine[0]!.question).toMatch(/Tax ID/);
    // Staff, who signed nothing, have nothing of their own to confirm.
    expect((await signaturesAs(mailing.staff)).mine).toEqual([]);

    const mails = await eventually(async () => {
      const found = mailing.smtp.received.filter((m) =>
        m.parsed.subject?.startsWith('Please confirm the changes'),
      );
      expect(found.flatMap((m) => m.envelope.to)).toEqual([BEN_ADMIN]);
      return found;
    }, 20_000);
    expect(mails[0]!.parsed.text).toContain(
      '1 accepted change to the Employer Information Form of Lakeside Manufacturing Co.',
    );
    expect(mails[0]!.parsed.text).toContain('(Company information)');
    expect(mails[0]!.parsed.text).toContain(
      'https://onboard.example.test/client/lakeside-manufacturing/task/eif-submit-company-information/confirm-changes',
    );
  });

  it('the signer confirms; that clears it, and only a signer with something due may confirm', async () => {
    const refused = await mailing.staff.post(`${client}/eif/confirmations`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NOTHING_TO_CONFIRM',
      message: SIGNATURE_MESSAGES.nothingToConfirm,
    });
    const confirmed = await mailing.benAdmin.post(`${client}/eif/confirmations`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ confirmed: 1 });
    const after = await signaturesAs(mailing.staff);
    expect(after.waitingFor).toEqual([]);
    expect(after.signatures[0]!.confirmations).toEqual([
      {
        at: expect.any(String),
        answers: [expect.objectContaining({ before: '12-3456789', after: '98-7654321' })],
      },
    ]);
    expect((await mailing.benAdmin.post(`${client}/eif/confirmations`)).status).toBe(400);
  });

  it('a change in a section both signed asks both; the outside signer confirms from a new link', async () => {
    expect((await mailing.benAdmin.put(client, { erisaPlanAdminName: 'Lakeside HR' })).status).toBe(200);
    expect((await mailing.staff.post(`${client}/eif/changes/accept`, { changeIds: 'all' })).status).toBe(200);
    expect((await signaturesAs(mailing.staff)).waitingFor).toEqual([BEN_ADMIN_SIGNER, OUTSIDE_SIGNER]);

    const actionId = await inviteOutsideSigner();
    const signer = apiClient(mailing.app.url);
    await signer.get('/api/auth/csrf');
    const view = await signer.get(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}`);
    expect(view.body.signing).toMatchObject({ hasSigned: true });
    expect(view.body.signing.toConfirm).toEqual([
      expect.objectContaining({ section: 'Other contract details', after: 'Lakeside HR' }),
    ]);
    const confirmed = await signer.post(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/confirm-changes`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await signaturesAs(mailing.staff)).waitingFor).toEqual([BEN_ADMIN_SIGNER]);
  });

  it('the summary PDF and the evidence pack show each confirmation: who, when, which changes', async () => {
    for (const text of [await pdfText(`${client}/eif-summary`), await pdfText(`${client}/evidence-pack`)]) {
      expect(text).toContain('Signatures and confirmations');
      expect(text).toContain(`Signed by ${BEN_ADMIN_SIGNER}`);
      expect(text).toContain(`Signed by ${OUTSIDE_SIGNER}`);
      expect(text).toMatch(/Changes confirmed by Ben Adler \(Benefits administrator\) at \w+ \d+, 20\d\d/);
      expect(text).toContain('12-3456789 -> 98-7654321');
      expect(text).toMatch(/Changes confirmed by Casey Frost \(Outside signer\) at/);
      expect(text).toContain('Still to confirm: 1 accepted change(s)');
    }
  });
});

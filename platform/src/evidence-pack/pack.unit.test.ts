import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@onboard/events';
import { sealPdf, type CarrierCertificate } from './seal.ts';
import { signedDemoFormsForTest, testCarrierCertificate } from '../testing/evidence-pack.ts';
import { composeEvidencePack, verifyEvidencePack } from '@onboard/query-api/evidence-pack';

const event = (
  stream: string,
  revision: number,
  type: string,
  data: unknown,
  commit: number,
): RecordedEvent => ({
  id: `${stream}-${revision}`,
  type,
  data,
  metadata: {
    actorId: 'demo-owner',
    actorRole: 'SLF_OWNER',
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, commit)).toISOString(),
    correlationId: 'c',
  },
  streamName: stream,
  revision: BigInt(revision),
  position: { commit: BigInt(commit), prepare: 0n },
  recordedAt: new Date(Date.UTC(2026, 0, 1, 0, commit)),
});

const events = [
  event('client-acme', 0, 'ClientCreated', { name: 'Acme Tools' }, 1),
  event('eif-acme', 0, 'EifEntityCreated', { entity: 'Client', attributes: { name: 'Acme Tools' } }, 2),
  event('tasks-acme', 0, 'TaskScheduled', { taskId: 'kickoff-call' }, 3),
  event('eif-acme', 1, 'EifEntityUpdated', { attributes: { taxId: '123456789' } }, 4),
  event('eif-acme', 2, 'EifSigned', { signerName: 'Ben Adler' }, 5),
];

async function summaryPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('EIF summary of Acme Tools', {
    x: 54,
    y: 720,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return doc.save();
}

const flip = (bytes: Uint8Array, at: number) => {
  const copy = new Uint8Array(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
};
const indexOf = (bytes: Uint8Array, text: string, from = 0) =>
  Buffer.from(bytes).indexOf(text, from, 'latin1');

describe('the evidence pack', () => {
  let certificate: CarrierCertificate;
  let pack: Uint8Array;

  beforeAll(async () => {
    certificate = testCarrierCertificate('Lakeside Group Benefits (self-signed)', 'test');
    const forms = await signedDemoFormsForTest('2026-01-02T10:00:00.000Z', '2026-01-03T11:30:00.000Z');
    const doc = await composeEvidencePack({
      clientId: 'acme',
      clientName: 'Acme Tools',
      generatedAt: new Date('2026-01-05T09:00:00.000Z'),
      forms,
      eifSummary: await summaryPdf(),
      events,
    });
    pack = await sealPdf(doc, certificate, {
      reason: 'Evidence pack of Acme Tools',
      signingTime: new Date(),
    });
  });

  it('holds the forms, their audit trails, the EIF summary and the chain appendix, sealed with ETSI.CAdES.detached', async () => {
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pack)), { mergePages: true })).text;
    expect(text).toContain('Evidence pack');
    expect(text).toContain('Group application');
    expect(text).toContain('Signature of Ben Adler');
    expect(text).toContain('Signature audit trail: HIPAA authorization');
    expect(text).toContain('Signed - Bianca Brooks <broker@onboard.example> (Signer)');
    expect(text).toContain('IP address: 203.0.113.7');
    expect(text).toContain('User agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0');
    expect(text).toContain('EIF summary of Acme Tools');
    expect(text).toContain('Link 4 (eif-acme revision 1): EifEntityUpdated');
    expect(Buffer.from(pack).toString('latin1')).toMatch(/\/SubFilter\s*\/ETSI\.CAdES\.detached/);
  });

  it('verifies: signature, every attachment, every audit trail, every link', async () => {
    const result = await verifyEvidencePack(pack);
    expect(result.firstFailure).toBeNull();
    expect(result.holds).toBe(true);
    expect(result.checks.map((c) => c.check)).toEqual([
      'PAdES signature',
      'Signer',
      'Evidence record',
      'Signed form ‘Group application’',
      'Signed form ‘Group application’ audit trail',
      'Signed form ‘HIPAA authorization’',
      'Signed form ‘HIPAA authorization’ audit trail',
      'EIF summary',
      'Event chain',
    ]);
    expect(result.checks[0]!.detail).toMatch(
      /^Signature over bytes 0–\d+ and \d+–\d+ holds: sealed by Lakeside Group Benefits \(self-signed\)/,
    );
    expect(result.checks.at(-1)!.detail).toMatch(/^Event chain: all 5 links hold/);
  });

  it('fails on one changed byte of the sealed content and says where', async () => {
    // A byte of the cover page's text stream: only the seal notices.
    const at = indexOf(pack, 'stream', indexOf(pack, '/Contents')) + 20;
    const result = await verifyEvidencePack(flip(pack, at));
    expect(result.holds).toBe(false);
    expect(result.firstFailure!.detail).toMatch(
      /^Signature over bytes 0–\d+ and \d+–\d+ does not hold: the file was changed after sealing$/,
    );
  });

  it('fails on one changed byte inside a signed form attachment and names the form', async () => {
    const record = indexOf(pack, '%PDF-', 10); // the first attached form's own header
    const result = await verifyEvidencePack(flip(pack, record + 200));
    expect(result.firstFailure!.check).toBe('PAdES signature');
    const failed = result.checks.filter((c) => !c.holds).map((c) => c.detail);
    expect(
      failed.some((d) =>
        /^Signed form ‘Group application’ does not hold: attachment 1\. Group application\.pdf hashes to/.test(
          d,
        ),
      ),
    ).toBe(true);
    expect(
      failed.some((d) => d.startsWith('Signed form ‘Group application’ audit trail does not hold')),
    ).toBe(true);
  });

  it('fails on one changed byte inside the event chain and names the link', async () => {
    const at = indexOf(pack, '"taxId":"123456789"');
    expect(at).toBeGreaterThan(0);
    const result = await verifyEvidencePack(flip(pack, at + 10)); // a digit of the tax id
    expect(result.holds).toBe(false);
    expect(result.checks.find((c) => c.check === 'Event chain')!.detail).toBe(
      'Event chain link 4 (eif-acme revision 1) does not hold: the event or its hash was changed',
    );
    expect(result.firstFailure!.detail).toMatch(/does not hold: the file was changed after sealing$/);
  });

  it('fails on a damaged signature value', async () => {
    const contents = indexOf(pack, '/Contents <');
    const result = await verifyEvidencePack(flip(pack, contents + 40));
    expect(result.holds).toBe(false);
    expect(result.firstFailure!.check).toBe('PAdES signature');
  });

  it('fails when the zero padding after the signature value was changed: every byte is covered or padding', async () => {
    // The last signature's /Contents: its DER, then zeros up to the placeholder's end.
    const text = Buffer.from(pack).toString('latin1');
    const start = text.lastIndexOf('/Contents <') + '/Contents <'.length;
    const end = text.indexOf('>', start);
    const hex = text.slice(start, end);
    const padding = /0*$/.exec(hex)![0].length;
    expect(padding).toBeGreaterThan(1000);
    // Hide a message in the middle of the padding (an even count of hex digits, well past the DER).
    const changed = Buffer.from(pack);
    const at = end - Math.floor(padding / 2);
    changed.write('DEADBEEF', at - (at % 2 === start % 2 ? 0 : 1), 'latin1');
    const result = await verifyEvidencePack(changed);
    expect(result.holds).toBe(false);
    expect(result.firstFailure!.check).toBe('PAdES signature');
    expect(result.firstFailure!.detail).toMatch(
      /: the bytes after the signature value are not its zero padding: the file was changed after sealing$/,
    );
    // The untouched pack still verifies.
    expect((await verifyEvidencePack(pack)).checks[0]!.holds).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { SignedFormEvidence } from './types.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small signed form as the e-signature module hands it over: a real PDF with a drawn signature. */
export async function signedFormForTest(
  formName: string,
  signer: { name: string; email: string },
  completedAt: string,
): Promise<SignedFormEvidence> {
  const draw = async (signed: boolean) => {
    const doc = await PDFDocument.create();
    doc.setCreationDate(new Date(completedAt));
    doc.setModificationDate(new Date(completedAt));
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText(formName, { x: 54, y: 720, size: 18, font });
    page.drawText('I confirm the answers given are complete and true.', { x: 54, y: 680, size: 11, font });
    page.drawLine({ start: { x: 54, y: 600 }, end: { x: 300, y: 600 }, thickness: 0.5 });
    page.drawText(`Signature of ${signer.name}`, { x: 54, y: 586, size: 9, font });
    if (signed)
      page.drawSvgPath('M 0 0 C 20 -30, 40 30, 60 0 S 100 -20, 120 5 C 130 15, 140 -10, 160 0', {
        x: 70,
        y: 615,
        borderColor: rgb(0.1, 0.1, 0.5),
        borderWidth: 1.5,
      });
    return doc.save();
  };
  const unsigned = await draw(false);
  const pdf = await draw(true);
  const who = { recipientName: signer.name, recipientEmail: signer.email, role: 'Signer' };
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';
  return {
    envelopeId: `envelope-${formName.toLowerCase().replace(/\W+/g, '-')}`,
    formName,
    completedAt,
    pdf,
    audit: [
      {
        ...who,
        action: 'sent',
        at: completedAt,
        ipAddress: null,
        userAgent: null,
        hashBefore: null,
        hashAfter: sha256(unsigned),
      },
      {
        ...who,
        action: 'viewed',
        at: completedAt,
        ipAddress: '203.0.113.7',
        userAgent: browser,
        hashBefore: sha256(unsigned),
        hashAfter: sha256(unsigned),
      },
      {
        ...who,
        action: 'signed',
        at: completedAt,
        ipAddress: '203.0.113.7',
        userAgent: browser,
        hashBefore: sha256(unsigned),
        hashAfter: sha256(pdf),
      },
      {
        ...who,
        action: 'completed',
        at: completedAt,
        ipAddress: null,
        userAgent: null,
        hashBefore: sha256(pdf),
        hashAfter: sha256(pdf),
      },
    ],
  };
}

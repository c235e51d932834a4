import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { AuditCertificate, ESignatureService, FieldStamp, SigningTokenClaims } from '@onboard/domain';

/**
 * Onboard's own e-signature (the ESignatureService port): pdf-lib reads the template's pages and draws each
 * signature, initials, date, text and check straight into the page content (no form fields left to edit),
 * and signing links are HMAC-signed tokens with their expiry inside.
 */
export function builtInESignature(secret: string): ESignatureService {
  const mac = (payload: string) =>
    createHmac('sha256', `onboarding-forms:${secret}`).update(payload).digest('base64url');
  return {
    readPdf: async (bytes) => {
      try {
        const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
        const pages = pdf.getPages().map((page) => page.getSize());
        return pages.length === 0 ? null : { pages };
      } catch {
        return null;
      }
    },
    stamp: async (bytes, stamps) => stampPdf(bytes, stamps),
    certify: async (bytes, certificate) => certifyPdf(bytes, certificate),
    sha256: (bytes) => createHash('sha256').update(bytes).digest('hex'),
    issueToken: (claims) => {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    verifyToken: (token, now) => {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SigningTokenClaims;
        return now === null || claims.expiresAt > now.toISOString() ? claims : null;
      } catch {
        return null;
      }
    },
  };
}

async function stampPdf(bytes: Uint8Array, stamps: readonly FieldStamp[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const ink = rgb(0.05, 0.1, 0.35);
  for (const stamp of stamps) {
    const { field } = stamp;
    const page = pdf.getPage(field.page - 1);
    if (stamp.kind === 'image') {
      const image = await pdf.embedPng(stamp.png);
      const scale = Math.min(field.width / image.width, field.height / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, { x: field.x, y: field.y + (field.height - height) / 2, width, height });
    } else if (stamp.kind === 'text') {
      const face = stamp.italic ? italic : font;
      let size = Math.min(field.height * 0.7, stamp.italic ? 28 : 12);
      while (size > 6 && face.widthOfTextAtSize(stamp.text, size) > field.width) size -= 0.5;
      page.drawText(stamp.text, {
        x: field.x + 2,
        y: field.y + (field.height - size) / 2 + 1,
        size,
        font: face,
        color: ink,
      });
    } else if (stamp.checked) {
      const size = Math.min(field.width, field.height);
      page.drawText('X', {
        x: field.x + size * 0.2,
        y: field.y + size * 0.2,
        size: size * 0.8,
        font,
        color: ink,
      });
    }
  }
  return pdf.save({ useObjectStreams: false });
}

/** Appends the audit certificate: the document's hashes, then each recipient and every step of theirs. */
async function certifyPdf(bytes: Uint8Array, certificate: AuditCertificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  let y = 740;
  const fits = (text: string, size: number, face: typeof font) => face.widthOfTextAtSize(text, size) <= 512;
  const draw = (text: string, size: number, face: typeof font) => {
    if (y < 50) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
    page.drawText(text, { x: 50, y, size, font: face });
    y -= size + 5;
  };
  // A line too long for the page (a browser's user agent) wraps at spaces, nothing of it left out.
  const line = (text: string, size = 9, face = font) => {
    let current = '';
    for (const word of text.split(' ')) {
      const next = current === '' ? word : `${current} ${word}`;
      if (fits(next, size, face) || current === '') current = next;
      else {
        draw(current, size, face);
        current = word;
      }
      while (!fits(current, size, face) && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && !fits(current.slice(0, cut), size, face)) cut -= 1;
        draw(current.slice(0, cut), size, face);
        current = current.slice(cut);
      }
    }
    if (current !== '') draw(current, size, face);
  };
  line('Audit certificate', 16, bold);
  line(certificate.formName, 11);
  y -= 6;
  line(`Document hash before signing (SHA-256): ${certificate.hashBefore}`, 8);
  line(`Document hash after signing (SHA-256): ${certificate.hashAfter}`, 8);
  for (const recipient of certificate.recipients) {
    y -= 8;
    line(`${recipient.name} (${recipient.role})`, 11, bold);
    line(recipient.email);
    for (const step of recipient.steps) {
      const where = [
        step.ipAddress ? `IP ${step.ipAddress}` : null,
        step.userAgent ? `User agent ${step.userAgent}` : null,
      ]
        .filter(Boolean)
        .join(' - ');
      line(`${step.action} ${step.at}${where ? ` - ${where}` : ''}`, 8);
    }
  }
  return pdf.save({ useObjectStreams: false });
}

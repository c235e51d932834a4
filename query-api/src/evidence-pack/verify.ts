import { createHash } from 'node:crypto';
import forge from 'node-forge';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from 'pdf-lib';
import { verifyChain } from '@onboard/domain';
import { checkSigner, type SignerFacts, type SignerTrust } from './trust.ts';
import { EVIDENCE_FORMAT, EVIDENCE_RECORD_NAME, type EvidenceRecord } from './types.ts';

/**
 * Verifies an evidence pack from its bytes alone: the PAdES signature over the ByteRange (the CMS
 * message digest and the RSA signature with the certificate inside it), then each attachment's hash
 * against the evidence record and each signed form's hash against its audit trail, then the event chain
 * link by link. Every byte of the file must be covered by the signature, be the signature value, or be a
 * zero of the placeholder's padding after it. Every check runs and is reported; the first that does not hold is named. The signer is
 * checked against the carrier's certificate when one is given (see trust.ts); without it, the check says so.
 */

/** notChecked: a check that was not made (the signer without the carrier's certificate), said plainly. */
export type EvidenceCheck = { check: string; holds: boolean; detail: string; notChecked?: boolean };
export type EvidenceVerification = {
  holds: boolean;
  checks: EvidenceCheck[];
  /** The first check that does not hold, null when all hold. */
  firstFailure: EvidenceCheck | null;
};

const sha256 = (bytes: Uint8Array | string) =>
  createHash('sha256')
    .update(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes)
    .digest('hex');

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const OID_MESSAGE_DIGEST = forge.pki.oids.messageDigest!;
const OID_SHA256 = forge.pki.oids.sha256!;
const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const OID_SIGNING_TIME = forge.pki.oids.signingTime!;

type Asn1 = forge.asn1.Asn1;
const children = (node: Asn1 | undefined): Asn1[] => (Array.isArray(node?.value) ? node.value : []);

/** The last signature's ByteRange and /Contents, found in the file's own bytes. */
function findSignature(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const matches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = matches.at(-1);
  if (!last) return null;
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(
    text.slice(Math.max(0, last.index - 4096), last.index + 4096),
  );
  return { range: [a, b, c, d] as const, subFilter: subFilter?.[1] ?? null };
}

function checkSignature(pdf: Buffer): EvidenceCheck & { signer?: SignerFacts } {
  const check = 'PAdES signature';
  const found = findSignature(pdf);
  if (!found) return { check, holds: false, detail: 'The file carries no signature: it was never sealed' };
  const [a, b, c, d] = found.range;
  const where = `Signature over bytes ${a}\u2013${a + b - 1} and ${c}\u2013${c + d - 1}`;
  if (a !== 0 || b >= c || c + d !== pdf.length)
    return {
      check,
      holds: false,
      detail: `${where} does not cover the file (${pdf.length} bytes): bytes were added or removed after sealing`,
    };
  const contents = pdf.subarray(b, c).toString('latin1');
  const hex = /^<([0-9A-Fa-f]*)>$/.exec(contents)?.[1];
  if (!hex) return { check, holds: false, detail: `${where}: the signature value is damaged` };
  let signedAttrs: Asn1 | undefined;
  let signatureValue: string | undefined;
  let digestOid: string | undefined;
  let certificate: forge.pki.Certificate | undefined;
  let carried: forge.pki.Certificate[];
  try {
    // The placeholder is padded with zeros after the DER; the parser stops where the DER ends.
    const fromDer = forge.asn1.fromDer as unknown as (
      bytes: forge.util.ByteStringBuffer,
      options: object,
    ) => Asn1;
    const der = forge.util.createBuffer(forge.util.hexToBytes(hex));
    const placeholder = der.length();
    const contentInfo = fromDer(der, { parseAllBytes: false });
    // What the parser left is the padding: every byte of the file is signed, the signature value, or a
    // zero of that padding; anything else was written into the placeholder after sealing.
    const used = placeholder - der.length();
    if (!/^0*$/.test(hex.slice(used * 2)))
      return {
        check,
        holds: false,
        detail: `${where}: the bytes after the signature value are not its zero padding: the file was changed after sealing`,
      };
    const message = forge.pkcs7.messageFromAsn1(contentInfo) as forge.pkcs7.PkcsSignedData;
    const signedData = children(children(contentInfo)[1])[0];
    const signerInfo = children(children(signedData).at(-1))[0];
    const parts = children(signerInfo);
    const attrsAt = parts.findIndex((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    signedAttrs = parts[attrsAt];
    signatureValue = parts[attrsAt + 2]?.value as string | undefined;
    digestOid = forge.asn1.derToOid(children(parts[2])[0]?.value as string);
    const serial = forge.util.bytesToHex(children(parts[1])[1]?.value as string).replace(/^0+/, '');
    carried = message.certificates;
    certificate =
      message.certificates.find((cert) => cert.serialNumber.replace(/^0+/, '') === serial) ??
      message.certificates[0];
  } catch (error) {
    return { check, holds: false, detail: `${where}: the signature cannot be read (${String(error)})` };
  }
  if (!signedAttrs || !signatureValue || !certificate)
    return {
      check,
      holds: false,
      detail: `${where}: the signature lacks its signed attributes or certificate`,
    };
  if (digestOid !== OID_SHA256)
    return { check, holds: false, detail: `${where}: digest ${digestOid} is not SHA-256` };

  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const digestAttr = children(signedAttrs).find(
    (attr) => forge.asn1.derToOid(children(attr)[0]?.value as string) === OID_MESSAGE_DIGEST,
  );
  const signedDigest = forge.util.bytesToHex(children(children(digestAttr)[1])[0]?.value as string);
  const name =
    (certificate.subject.getField('CN') as { value?: string } | null)?.value ?? 'an unnamed certificate';
  const fingerprint = forge.util.bytesToHex(
    forge.md.sha256
      .create()
      .update(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes())
      .digest()
      .getBytes(),
  );
  const signingCertificate = children(signedAttrs).find(
    (attr) => forge.asn1.derToOid(children(attr)[0]?.value as string) === OID_SIGNING_CERTIFICATE_V2,
  );
  // SigningCertificateV2 { certs: SEQUENCE OF ESSCertIDv2 { [hashAlgorithm], certHash, ... } }
  const essCertId = children(children(children(children(signingCertificate)[1])[0])[0])[0];
  const certHash = children(essCertId).find((part) => part.type === forge.asn1.Type.OCTETSTRING);
  const boundCertificate = certHash ? forge.util.bytesToHex(certHash.value as string) : null;
  if (signedDigest !== sha256(signed))
    return { check, holds: false, detail: `${where} does not hold: the file was changed after sealing` };

  // The signature is over the DER of the signed attributes as a SET (RFC 5652 §5.4).
  const attrsSet = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    children(signedAttrs),
  );
  const md = forge.md.sha256.create().update(forge.asn1.toDer(attrsSet).getBytes());
  let valid: boolean;
  try {
    valid = (certificate.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().getBytes(), signatureValue);
  } catch {
    valid = false;
  }
  if (!valid)
    return {
      check,
      holds: false,
      detail: `${where}: the signature does not match the certificate of ${name}: it was not made with its key`,
    };
  if (boundCertificate !== fingerprint)
    return {
      check,
      holds: false,
      detail: `${where}: the signed attributes do not name the certificate of ${name} (ESS signing-certificate-v2)`,
    };
  const timeAttr = children(signedAttrs).find(
    (attr) => forge.asn1.derToOid(children(attr)[0]?.value as string) === OID_SIGNING_TIME,
  );
  const timeValue = children(children(timeAttr)[1])[0];
  let signingTime: Date | null = null;
  try {
    if (timeValue?.type === forge.asn1.Type.UTCTIME)
      signingTime = forge.asn1.utcTimeToDate(timeValue.value as string);
    else if (timeValue?.type === forge.asn1.Type.GENERALIZEDTIME)
      signingTime = forge.asn1.generalizedTimeToDate(timeValue.value as string);
  } catch {
    signingTime = null;
  }
  const subFilter =
    found.subFilter === 'ETSI.CAdES.detached' ? '' : ` (SubFilter ${found.subFilter ?? 'missing'})`;
  return {
    check,
    holds: true,
    detail: `${where} holds: sealed by ${name} (certificate SHA-256 ${fingerprint})${subFilter}`,
    signer: { certificate, carried, signingTime },
  };
}

const pdfText = (value: unknown) =>
  value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : null;

/** The embedded files by name (the catalog's /Names /EmbeddedFiles tree, flat or with kids). */
function attachmentsOf(doc: PDFDocument): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const tree = doc.catalog
    .lookupMaybe(PDFName.of('Names'), PDFDict)
    ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const visit = (node: PDFDict | undefined) => {
    if (!node) return;
    const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 0; names && i + 1 < names.size(); i += 2) {
      const name = pdfText(names.lookup(i));
      const spec = names.lookup(i + 1);
      if (name === null || !(spec instanceof PDFDict)) continue;
      const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
      if (stream instanceof PDFRawStream) {
        const filter = stream.dict.lookup(PDFName.of('Filter'));
        files.set(name, filter ? decodePDFRawStream(stream).decode() : stream.contents);
      }
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) visit(kids.lookupMaybe(i, PDFDict));
  };
  visit(tree);
  return files;
}

export async function verifyEvidencePack(
  bytes: Uint8Array,
  options: { trust?: SignerTrust } = {},
): Promise<EvidenceVerification> {
  const pdf = Buffer.from(bytes);
  const { signer, ...signature } = checkSignature(pdf);
  const checks: EvidenceCheck[] = [signature];
  if (signer) checks.push(checkSigner(signer, options.trust));
  const done = () => {
    const firstFailure = checks.find((c) => !c.holds) ?? null;
    return { holds: firstFailure === null, checks, firstFailure };
  };

  let files: Map<string, Uint8Array>;
  try {
    files = attachmentsOf(
      await PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: false }),
    );
  } catch (error) {
    checks.push({
      check: 'PDF structure',
      holds: false,
      detail: `The file cannot be read as a PDF: ${String(error)}`,
    });
    return done();
  }
  const recordBytes = files.get(EVIDENCE_RECORD_NAME);
  let record: EvidenceRecord;
  try {
    if (!recordBytes) throw new Error('it is not attached');
    record = JSON.parse(Buffer.from(recordBytes).toString('utf8')) as EvidenceRecord;
    if (record.format !== EVIDENCE_FORMAT) throw new Error(`unknown format ${String(record.format)}`);
  } catch (error) {
    checks.push({
      check: 'Evidence record',
      holds: false,
      detail: `The evidence record (${EVIDENCE_RECORD_NAME}) cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    });
    return done();
  }
  checks.push({
    check: 'Evidence record',
    holds: true,
    detail: `Evidence of ${record.clientName}, generated ${record.generatedAt}: ${plural(record.forms.length, 'signed form')}, ${plural(record.chain.links.length, 'event')}`,
  });

  const attachmentCheck = (label: string, attachment: string, expected: string): EvidenceCheck => {
    const file = files.get(attachment);
    if (!file)
      return { check: label, holds: false, detail: `${label}: the attachment ${attachment} is missing` };
    const actual = sha256(file);
    return actual === expected
      ? {
          check: label,
          holds: true,
          detail: `${label}: attachment ${attachment} has the recorded SHA-256 ${expected}`,
        }
      : {
          check: label,
          holds: false,
          detail: `${label} does not hold: attachment ${attachment} hashes to ${actual}, the record says ${expected}`,
        };
  };

  for (const form of record.forms) {
    const label = `Signed form \u2018${form.formName}\u2019`;
    const attached = attachmentCheck(label, form.attachment, form.sha256);
    checks.push(attached);
    // The form as attached must be the document the signature audit trail ends with.
    const lastHash = [...form.audit].reverse().find((entry) => entry.hashAfter)?.hashAfter ?? null;
    const actual = files.get(form.attachment) ? sha256(files.get(form.attachment)!) : null;
    const auditLabel = `${label} audit trail`;
    if (lastHash === null)
      checks.push({
        check: auditLabel,
        holds: false,
        detail: `${auditLabel} records no document hash to compare with`,
      });
    else if (actual === lastHash.toLowerCase()) {
      const signers = form.audit.filter((e) => e.action === 'signed').map((e) => e.recipientName);
      checks.push({
        check: auditLabel,
        holds: true,
        detail: `${auditLabel}: the document is the one the trail ends with (signed by ${signers.join(', ') || 'nobody recorded'})`,
      });
    } else
      checks.push({
        check: auditLabel,
        holds: false,
        detail: `${auditLabel} does not hold: the attached document hashes to ${actual ?? 'nothing'}, the trail ends with ${lastHash}`,
      });
  }
  checks.push(attachmentCheck('EIF summary', record.eifSummary.attachment, record.eifSummary.sha256));

  const chain = verifyChain(sha256, record.chain.links, record.chain.head);
  checks.push(
    chain.holds
      ? {
          check: 'Event chain',
          holds: true,
          detail: `Event chain: all ${chain.links} links hold, head ${chain.head}`,
        }
      : { check: 'Event chain', holds: false, detail: chain.reason },
  );
  return done();
}

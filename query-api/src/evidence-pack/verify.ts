import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
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
import {
  certificateFingerprint,
  checkSigner,
  subjectOf,
  type SignerFacts,
  type SignerTrust,
} from './trust.ts';
import { EVIDENCE_FORMAT, EVIDENCE_RECORD_NAME, type EvidenceRecord } from './types.ts';

/**
 * Verifies an evidence pack from its bytes alone: the PAdES signature over the ByteRange (the CMS
 * SignedData read and verified by PKI.js: the message digest, the signature over the signed attributes
 * with the certificate inside it, the ESS signing-certificate-v2 binding that certificate), then each attachment's hash
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

const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';

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

/** The value of a signed attribute, or undefined. */
const signedAttribute = (signerInfo: pkijs.SignerInfo, type: string) =>
  signerInfo.signedAttrs?.attributes.find((attribute) => attribute.type === type)?.values[0];

/** The certificate hash the ESS signing-certificate-v2 attribute binds (RFC 5035), lower-case hex. */
function boundCertificateHash(signerInfo: pkijs.SignerInfo): string | null {
  // SigningCertificateV2 { certs: SEQUENCE OF ESSCertIDv2 { [hashAlgorithm], certHash, ... } }
  const value = signedAttribute(signerInfo, OID_SIGNING_CERTIFICATE_V2);
  const items = (node: unknown) =>
    node instanceof asn1js.Sequence ? (node.valueBlock.value as asn1js.AsnType[]) : [];
  const essCertId = items(items(value)[0])[0];
  const certHash = items(essCertId).find((part) => part instanceof asn1js.OctetString);
  return certHash ? Buffer.from(certHash.valueBlock.valueHexView).toString('hex') : null;
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | null {
  const value = signedAttribute(signerInfo, OID_SIGNING_TIME);
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? value.toDate() : null;
}

/**
 * The CMS SignedData in the /Contents hex, and how many of its bytes the DER takes: the placeholder is
 * padded with zeros after it.
 */
function signedDataOf(hex: string) {
  const der = Buffer.from(hex, 'hex');
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) throw new Error(parsed.result.error);
  const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
  if (contentInfo.contentType !== OID_SIGNED_DATA) throw new Error('it is not a CMS SignedData');
  return { signedData: new pkijs.SignedData({ schema: contentInfo.content }), used: parsed.offset };
}

async function checkSignature(pdf: Buffer): Promise<EvidenceCheck & { signer?: SignerFacts }> {
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
  const hex = /^<([0-9A-Fa-f]*)>$/.exec(pdf.subarray(b, c).toString('latin1'))?.[1];
  if (!hex || hex.length % 2 !== 0)
    return { check, holds: false, detail: `${where}: the signature value is damaged` };
  let signedData: pkijs.SignedData;
  try {
    const read = signedDataOf(hex);
    // Every byte of the file is signed, the signature value, or a zero of its padding; anything else was
    // written into the placeholder after sealing.
    if (!/^0*$/.test(hex.slice(read.used * 2)))
      return {
        check,
        holds: false,
        detail: `${where}: the bytes after the signature value are not its zero padding: the file was changed after sealing`,
      };
    signedData = read.signedData;
  } catch (error) {
    return { check, holds: false, detail: `${where}: the signature cannot be read (${String(error)})` };
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo?.signedAttrs || signedData.signerInfos.length !== 1)
    return {
      check,
      holds: false,
      detail: `${where}: the signature lacks its signed attributes or certificate`,
    };
  if (signerInfo.digestAlgorithm.algorithmId !== OID_SHA256)
    return {
      check,
      holds: false,
      detail: `${where}: digest ${signerInfo.digestAlgorithm.algorithmId} is not SHA-256`,
    };

  // PKI.js checks the message digest over the ByteRange, then the signature over the signed attributes
  // with the key of the certificate the signer info names.
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  let outcome: pkijs.SignedDataVerifyResult;
  try {
    outcome = await signedData.verify({ signer: 0, data: new Uint8Array(signed).buffer, extendedMode: true });
  } catch (error) {
    const failure = error as Partial<pkijs.SignedDataVerifyResult>;
    if (/message digest/i.test(failure.message ?? ''))
      return { check, holds: false, detail: `${where} does not hold: the file was changed after sealing` };
    if (!failure.signerCertificate)
      return {
        check,
        holds: false,
        detail: `${where}: the signature lacks its signed attributes or certificate`,
      };
    return {
      check,
      holds: false,
      detail: `${where}: the signature cannot be read (${failure.message ?? String(error)})`,
    };
  }
  const certificate = outcome.signerCertificate!;
  const name = subjectOf(certificate);
  const fingerprint = certificateFingerprint(certificate);
  if (!outcome.signatureVerified)
    return {
      check,
      holds: false,
      detail: `${where}: the signature does not match the certificate of ${name}: it was not made with its key`,
    };
  if (boundCertificateHash(signerInfo) !== fingerprint)
    return {
      check,
      holds: false,
      detail: `${where}: the signed attributes do not name the certificate of ${name} (ESS signing-certificate-v2)`,
    };
  const subFilter =
    found.subFilter === 'ETSI.CAdES.detached' ? '' : ` (SubFilter ${found.subFilter ?? 'missing'})`;
  return {
    check,
    holds: true,
    detail: `${where} holds: sealed by ${name} (certificate SHA-256 ${fingerprint})${subFilter}`,
    signer: {
      certificate,
      carried: (signedData.certificates ?? []).filter((c) => c instanceof pkijs.Certificate),
      signingTime: signingTimeOf(signerInfo),
    },
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
  const { signer, ...signature } = await checkSignature(pdf);
  const checks: EvidenceCheck[] = [signature];
  if (signer) checks.push(await checkSigner(signer, options.trust));
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

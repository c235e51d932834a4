import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument } from 'pdf-lib';

/** The carrier's signing certificate and key, as a PKCS#12 file and its password. */
export type CarrierCertificate = { p12: Uint8Array; password: string };

/** The subject's common name of the certificate in a PKCS#12 file (the signer's name in the pack). */
export function certificateName(certificate: CarrierCertificate): string {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(certificate.p12).toString('binary'))),
    false,
    certificate.password,
  );
  const certBag = forge.pki.oids.certBag!;
  const bags = p12.getBags({ bagType: certBag })[certBag] ?? [];
  const cn = bags[0]?.cert?.subject.getField('CN') as { value?: string } | null | undefined;
  return cn?.value ?? 'Carrier';
}

/**
 * Seals a composed pack: a signature field whose /Contents will hold a CMS (PKCS#7) detached signature
 * (SubFilter ETSI.CAdES.detached, SHA-256, RSA) over the ByteRange, i.e. every byte of the file but the
 * signature itself. Any change to the file afterwards breaks it.
 */
export async function sealPdf(
  doc: PDFDocument,
  certificate: CarrierCertificate,
  options: { reason: string; signingTime: Date },
): Promise<Uint8Array> {
  const name = certificateName(certificate);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason,
    contactInfo: name,
    name,
    location: 'Onboard',
    signingTime: options.signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(Buffer.from(certificate.p12), { passphrase: certificate.password });
  return new Uint8Array(await new SignPdf().sign(unsigned, signer, options.signingTime));
}

/** A self-signed carrier certificate (RSA 2048, SHA-256, ten years) as PKCS#12, for the embedded default. */
export function selfSignedCarrierCertificate(options: {
  commonName: string;
  password: string;
  now: Date;
}): CarrierCertificate {
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  const privateKey = forge.pki.privateKeyFromPem(keys.privateKey);
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  cert.validity.notBefore = new Date(options.now.getTime() - 60_000);
  cert.validity.notAfter = new Date(options.now.getTime() + 10 * 365 * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'Onboard' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], options.password, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), password: options.password };
}

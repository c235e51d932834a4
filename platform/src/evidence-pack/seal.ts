import { createRequire } from 'node:module';
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED, Signer } from '@signpdf/utils';
import type { PDFDocument } from 'pdf-lib';
import type { EvidenceSealer } from '@onboard/query-api/evidence-pack';

/**
 * The signature placeholder (@signpdf/placeholder-pdf-lib, CommonJS) is built from the CommonJS build of
 * pdf-lib, and a document takes only objects of its own build: the composed pack is read into that build.
 */
const { PDFDocument: CommonJsPdfDocument } = createRequire(import.meta.url)('pdf-lib') as {
  PDFDocument: typeof PDFDocument;
};

/** The carrier's signing certificate and key, as a PKCS#12 file and its password. */
export type CarrierCertificate = { p12: Uint8Array; password: string };

/** The subject's common name of the certificate in a PKCS#12 file (the signer's name in the pack). */
export function certificateName(certificate: CarrierCertificate): string {
  const cn = openP12(certificate).cert.subject.getField('CN') as { value?: string } | null;
  return cn?.value ?? 'Carrier';
}

const asn1 = forge.asn1;
const { Class, Type } = forge.asn1;
const oid = (id: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(id).getBytes());
const sequence = (...items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
const set = (...items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
const octets = (bytes: string) => asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes);
const attribute = (type: string, value: forge.asn1.Asn1) => sequence(oid(type), set(value));
const sha256Of = (bytes: string) => forge.md.sha256.create().update(bytes).digest().getBytes();

const OIDS = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  /** ESS signing-certificate-v2 (RFC 5035), which CAdES requires: binds the signer's certificate. */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
};

/** The private key and certificate a PKCS#12 file holds (the certificate that matches the key). */
function openP12(certificate: CarrierCertificate) {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(certificate.p12).toString('binary'))),
    false,
    certificate.password,
  );
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certBag = forge.pki.oids.certBag!;
  const key = p12.getBags({ bagType: keyBag })[keyBag]?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  const certs = (p12.getBags({ bagType: certBag })[certBag] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  const cert = certs.find((c) => {
    const publicKey = c.publicKey as forge.pki.rsa.PublicKey;
    return key && publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  });
  if (!key || !cert) throw new Error('The PKCS#12 file holds no private key with its certificate');
  return { key, cert, chain: certs.filter((c) => c !== cert) };
}

/**
 * A CAdES-BES signer for @signpdf: a CMS SignedData, detached, SHA-256 with RSA, whose signed attributes
 * are the content type, the signing time, the message digest of the signed byte ranges and the ESS
 * signing-certificate-v2 (the SHA-256 of the signer's certificate), with the certificate included and the
 * CA certificates the PKCS#12 file holds with it, so that a verifier can follow the chain.
 */
class CadesSigner extends Signer {
  constructor(private readonly certificate: CarrierCertificate) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime: Date = new Date()): Promise<Buffer> {
    const { key, cert, chain } = openP12(this.certificate);
    const certAsn1 = forge.pki.certificateToAsn1(cert);
    const certDer = asn1.toDer(certAsn1).getBytes();
    const sha256Algorithm = sequence(oid(OIDS.sha256));
    const signedAttributes = [
      attribute(OIDS.contentType, oid(OIDS.data)),
      attribute(
        OIDS.signingTime,
        asn1.create(Class.UNIVERSAL, Type.UTCTIME, false, asn1.dateToUtcTime(signingTime)),
      ),
      attribute(OIDS.messageDigest, octets(sha256Of(pdfBuffer.toString('binary')))),
      // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with SHA-256 (the
      // default algorithm, so left out) is SEQUENCE { certHash }.
      attribute(OIDS.signingCertificateV2, sequence(sequence(sequence(octets(sha256Of(certDer)))))),
    ];
    // What is signed: the DER of the attributes as a SET OF (RFC 5652 §5.4).
    const md = forge.md.sha256.create().update(asn1.toDer(set(...signedAttributes)).getBytes());
    const signature = key.sign(md);
    const issuer = (certAsn1.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
    const tbs = issuer[0]?.tagClass === Class.CONTEXT_SPECIFIC ? issuer.slice(1) : issuer; // skip [0] version
    const signerInfo = sequence(
      asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
      sequence(tbs[2]!, tbs[0]!), // issuerAndSerialNumber: the issuer Name, the serial number
      sha256Algorithm,
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
      sequence(oid(OIDS.rsaEncryption), asn1.create(Class.UNIVERSAL, Type.NULL, false, '')),
      octets(signature),
    );
    const signedData = sequence(
      asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
      set(sha256Algorithm),
      sequence(oid(OIDS.data)),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [
        certAsn1,
        ...chain.map((c) => forge.pki.certificateToAsn1(c)),
      ]),
      set(signerInfo),
    );
    const contentInfo = sequence(
      oid(OIDS.signedData),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [signedData]),
    );
    return Buffer.from(asn1.toDer(contentInfo).getBytes(), 'binary');
  }
}

/**
 * Seals a composed pack: a signature field whose /Contents will hold a CMS (PKCS#7) detached signature
 * (CAdES-BES, SubFilter ETSI.CAdES.detached, SHA-256 with RSA) over the ByteRange, i.e. every byte of the file but the
 * signature itself. Any change to the file afterwards breaks it.
 */
export async function sealPdf(
  doc: PDFDocument,
  certificate: CarrierCertificate,
  options: { reason: string; signingTime: Date },
): Promise<Uint8Array> {
  const name = certificateName(certificate);
  const composed = await CommonJsPdfDocument.load(await doc.save({ useObjectStreams: false }), {
    updateMetadata: false,
  });
  pdflibAddPlaceholder({
    pdfDoc: composed,
    reason: options.reason,
    contactInfo: name,
    name,
    location: 'Onboard',
    signingTime: options.signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const unsigned = Buffer.from(await composed.save({ useObjectStreams: false }));
  const signer = new CadesSigner(certificate);
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

/** The carrier's certificate (the one that matches its key) as PEM, to hand to whoever verifies its packs. */
export function carrierCertificatePem(certificate: CarrierCertificate): string {
  return forge.pki.certificateToPem(openP12(certificate).cert).replace(/\r\n/g, '\n');
}

/** The evidence pack's sealer: the carrier's certificate as the source gives it at each pack. */
export function carrierSealer(certificate: () => Promise<CarrierCertificate | null>): EvidenceSealer {
  return {
    carrierSeal: async () => {
      const current = await certificate();
      return current && ((pack, options) => sealPdf(pack, current, options));
    },
  };
}

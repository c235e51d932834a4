import { createHash } from 'node:crypto';
import forge from 'node-forge';
import * as pkijs from 'pkijs';

/**
 * Who sealed a pack: the signer's certificate checked against the carrier's (the certificate itself, a CA
 * that issued it, or a SHA-256 fingerprint), and its validity period at the signing time. The path from
 * the signer to a CA is built and validated by PKI.js (RFC 5280: signatures, name chaining, CA basic
 * constraints and key usage, validity at the signing time).
 */

/** What the verifier trusts as the carrier: certificates (the carrier's own or its CA) and fingerprints. */
export type SignerTrust = { certificates?: pkijs.Certificate[]; fingerprints?: string[] };

export type SignerFacts = {
  certificate: pkijs.Certificate;
  /** Every certificate the signature carries (the signer and any intermediates). */
  carried: pkijs.Certificate[];
  signingTime: Date | null;
};

export type SignerCheck = { check: string; holds: boolean; detail: string; notChecked?: boolean };

/** A certificate from its DER. */
const certificateFromDer = (der: Uint8Array) => pkijs.Certificate.fromBER(new Uint8Array(der));

const derOf = (certificate: pkijs.Certificate) => new Uint8Array(certificate.toSchema().toBER());

/** The SHA-256 of a certificate's DER, lower-case hex. */
export function certificateFingerprint(certificate: pkijs.Certificate): string {
  return createHash('sha256').update(derOf(certificate)).digest('hex');
}

const normalFingerprint = (value: string) => value.replace(/[^0-9a-fA-F]/g, '').toLowerCase();

const OID_COMMON_NAME = '2.5.4.3';

/** The subject's common name, or "an unnamed certificate". */
export function subjectOf(certificate: pkijs.Certificate): string {
  const cn = certificate.subject.typesAndValues.find((t) => t.type === OID_COMMON_NAME)?.value;
  const value = (cn?.valueBlock as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value : 'an unnamed certificate';
}

const describe = (certificate: pkijs.Certificate) =>
  `${certificateFingerprint(certificate)} (${subjectOf(certificate)})`;

/** The certificates in a PEM (one or more), a DER certificate, or a PKCS#12 file (opened with its password). */
export function certificatesFromFile(bytes: Uint8Array, name: string, password = ''): pkijs.Certificate[] {
  if (/\.(p12|pfx)$/i.test(name)) {
    // PKCS#12 with the legacy password-based ciphers carriers' tools still write: node-forge opens it.
    const binary = Buffer.from(bytes).toString('binary');
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(binary), false, password);
    const certBag = forge.pki.oids.certBag!;
    return (p12.getBags({ bagType: certBag })[certBag] ?? []).flatMap((bag) =>
      bag.cert
        ? [
            certificateFromDer(
              Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(bag.cert)).getBytes(), 'binary'),
            ),
          ]
        : [],
    );
  }
  const text = Buffer.from(bytes).toString('latin1');
  if (text.includes('-----BEGIN')) {
    const blocks = text.match(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g) ?? [];
    return blocks.map((block) =>
      certificateFromDer(Buffer.from(block.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')),
    );
  }
  return [certificateFromDer(bytes)];
}

/** A certificate as PEM. */
export function certificatePem(certificate: pkijs.Certificate): string {
  const base64 = Buffer.from(derOf(certificate)).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** PKI.js's answer when no path leads up to a trusted certificate (none found, or none ending at one). */
const NO_PATH = /certificate paths? found|find certificate path/;

const validAt = (certificate: pkijs.Certificate, at: Date) =>
  certificate.notBefore.value <= at && at <= certificate.notAfter.value;

const sameCertificate = (a: pkijs.Certificate, b: pkijs.Certificate) =>
  certificateFingerprint(a) === certificateFingerprint(b);

/**
 * The signer check: the validity period at the signing time always; with trust, that the signer is the
 * carrier's certificate or chains to it through the carried intermediates (validated at the signing time).
 */
export async function checkSigner(signer: SignerFacts, trust: SignerTrust | undefined): Promise<SignerCheck> {
  const check = 'Signer';
  const { certificate } = signer;
  const name = subjectOf(certificate);
  const fingerprint = certificateFingerprint(certificate);
  if (!signer.signingTime)
    return { check, holds: false, detail: 'Signer: the signature records no signing time' };
  const at = signer.signingTime;
  if (!validAt(certificate, at))
    return {
      check,
      holds: false,
      detail: `Signer: the certificate of ${name} was not valid when the pack was sealed (${at.toISOString()}): valid from ${certificate.notBefore.value.toISOString()} to ${certificate.notAfter.value.toISOString()}`,
    };

  const fingerprints = (trust?.fingerprints ?? []).map(normalFingerprint).filter((f) => f !== '');
  const anchors = [
    ...(trust?.certificates ?? []),
    ...signer.carried.filter((c) => fingerprints.includes(certificateFingerprint(c))),
  ];
  if (anchors.length === 0 && fingerprints.length === 0)
    return {
      check,
      holds: true,
      notChecked: true,
      detail: `Signer not checked against the carrier's certificate: the pack was sealed by ${name} (certificate SHA-256 ${fingerprint}), which anyone can make. To check it, run again with --certificate <the carrier's certificate, .pem/.crt/.p12> or --fingerprint <its SHA-256>`,
    };

  const carrier =
    anchors.length > 0
      ? anchors.map(describe).join(', ')
      : fingerprints.map((f) => `${f} (given fingerprint)`).join(', ');
  const refused = (why = '') => ({
    check,
    holds: false,
    detail: `Signer: signed by certificate ${fingerprint} (${name}), not the carrier's ${carrier}${why}`,
  });
  if (anchors.some((anchor) => sameCertificate(anchor, certificate)))
    return {
      check,
      holds: true,
      detail: `Signer: sealed by the carrier's certificate ${fingerprint} (${name}), valid at the signing time ${at.toISOString()}`,
    };
  // A self-signed signer that is none of the carrier's certificates is someone else's.
  if (anchors.length === 0 || certificate.subject.isEqual(certificate.issuer)) return refused();

  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: anchors,
    certs: [...signer.carried.filter((c) => !sameCertificate(c, certificate)), certificate],
    checkDate: at,
  });
  const path = await engine.verify().catch((error: unknown) => ({
    result: false,
    resultMessage: error instanceof Error ? error.message : String(error),
    certificatePath: undefined,
  }));
  // No path up to any anchor: a stranger's certificate. A path that is there but fails is named.
  if (!path.result)
    return refused(
      NO_PATH.test(path.resultMessage) ? '' : `: the chain to it does not hold (${path.resultMessage})`,
    );
  const anchor = path.certificatePath!.at(-1)!;
  return {
    check,
    holds: true,
    detail: `Signer: sealed by ${name} (certificate SHA-256 ${fingerprint}), issued by the carrier's ${describe(anchor)}, valid at the signing time ${at.toISOString()}`,
  };
}

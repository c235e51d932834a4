import forge from 'node-forge';

/**
 * Who sealed a pack: the signer's certificate checked against the carrier's (the certificate itself, a CA
 * that issued it, or a SHA-256 fingerprint), and its validity period at the signing time.
 */

/** What the verifier trusts as the carrier: certificates (the carrier's own or its CA) and fingerprints. */
export type SignerTrust = { certificates?: forge.pki.Certificate[]; fingerprints?: string[] };

export type SignerFacts = {
  certificate: forge.pki.Certificate;
  /** Every certificate the signature carries (the signer and any intermediates). */
  carried: forge.pki.Certificate[];
  signingTime: Date | null;
};

export type SignerCheck = { check: string; holds: boolean; detail: string; notChecked?: boolean };

/** The SHA-256 of a certificate's DER, lower-case hex. */
export function certificateFingerprint(certificate: forge.pki.Certificate): string {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  return forge.md.sha256.create().update(der).digest().toHex();
}

const normalFingerprint = (value: string) => value.replace(/[^0-9a-fA-F]/g, '').toLowerCase();

function subjectOf(certificate: forge.pki.Certificate): string {
  const cn = (certificate.subject.getField('CN') as { value?: string } | null)?.value;
  return cn ?? 'an unnamed certificate';
}

const describe = (certificate: forge.pki.Certificate) =>
  `${certificateFingerprint(certificate)} (${subjectOf(certificate)})`;

/** The certificates in a PEM (one or more), a DER certificate, or a PKCS#12 file (opened with its password). */
export function certificatesFromFile(
  bytes: Uint8Array,
  name: string,
  password = '',
): forge.pki.Certificate[] {
  const binary = Buffer.from(bytes).toString('binary');
  if (/\.(p12|pfx)$/i.test(name)) {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(binary), false, password);
    const certBag = forge.pki.oids.certBag!;
    return (p12.getBags({ bagType: certBag })[certBag] ?? []).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  }
  const text = Buffer.from(bytes).toString('latin1');
  if (text.includes('-----BEGIN')) {
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
    return blocks.map((block) => forge.pki.certificateFromPem(block));
  }
  return [forge.pki.certificateFromAsn1(forge.asn1.fromDer(binary))];
}

/** A certificate as PEM. */
export function certificatePem(certificate: forge.pki.Certificate): string {
  return forge.pki.certificateToPem(certificate).replace(/\r\n/g, '\n');
}

/** A certificate read back from its DER, so that its names carry the hashes the CA store looks up by. */
const reparsed = (certificate: forge.pki.Certificate) =>
  forge.pki.certificateFromAsn1(
    forge.asn1.fromDer(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes()),
    true,
  );

function validAt(certificate: forge.pki.Certificate, at: Date) {
  return certificate.validity.notBefore <= at && at <= certificate.validity.notAfter;
}

/**
 * The signer check: the validity period at the signing time always; with trust, that the signer is the
 * carrier's certificate or chains to it (node-forge's path validation at the signing time).
 */
export function checkSigner(signer: SignerFacts, trust: SignerTrust | undefined): SignerCheck {
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
      detail: `Signer: the certificate of ${name} was not valid when the pack was sealed (${at.toISOString()}): valid from ${certificate.validity.notBefore.toISOString()} to ${certificate.validity.notAfter.toISOString()}`,
    };

  const fingerprints = (trust?.fingerprints ?? []).map(normalFingerprint).filter((f) => f !== '');
  const carried = signer.carried.map(reparsed);
  const anchors = [
    ...(trust?.certificates ?? []),
    ...carried.filter((c) => fingerprints.includes(certificateFingerprint(c))),
  ].map(reparsed);
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
  if (anchors.some((anchor) => certificateFingerprint(anchor) === fingerprint))
    return {
      check,
      holds: true,
      detail: `Signer: sealed by the carrier's certificate ${fingerprint} (${name}), valid at the signing time ${at.toISOString()}`,
    };
  // A self-signed signer that is none of the carrier's certificates is someone else's.
  if (anchors.length === 0 || certificate.isIssuer(certificate)) return refused();

  // The path from the signer up through the carried intermediates, checked against the anchors.
  const store = forge.pki.createCaStore(anchors);
  const chain = [reparsed(certificate)];
  for (let current = certificate; chain.length < 10;) {
    if (store.getIssuer(current)) break;
    const parent = carried.find((c) => !chain.includes(c) && c.subject.hash === current.issuer.hash);
    if (!parent) break;
    chain.push(parent);
    current = parent;
  }
  if (!chain.some((c) => store.getIssuer(c))) return refused();
  try {
    forge.pki.verifyCertificateChain(store, chain, { validityCheckDate: at });
  } catch (error) {
    const message =
      typeof error === 'object' && error && 'message' in error ? String(error.message) : String(error);
    return refused(`: the chain to it does not hold (${message})`);
  }
  const issuer = chain.at(-1)!;
  const anchor = store.getIssuer(issuer) as forge.pki.Certificate;
  return {
    check,
    holds: true,
    detail: `Signer: sealed by ${name} (certificate SHA-256 ${fingerprint}), issued by the carrier's ${describe(anchor)}, valid at the signing time ${at.toISOString()}`,
  };
}

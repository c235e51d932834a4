import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { selfSignedCarrierCertificate, type CarrierCertificate } from './seal.ts';
import type { AppConfig } from '../config.ts';

/** The embedded default's self-signed certificate: its name says what it is, and the file keeps it. */
export const SELF_SIGNED_NAME = 'Onboard carrier (self-signed, embedded default)';
const SELF_SIGNED_PASSWORD = 'onboard-embedded-evidence';

async function readOrMake(file: string, now: () => Date): Promise<CarrierCertificate> {
  try {
    return { p12: await readFile(file), password: SELF_SIGNED_PASSWORD };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = selfSignedCarrierCertificate({
    commonName: SELF_SIGNED_NAME,
    password: SELF_SIGNED_PASSWORD,
    now: now(),
  });
  await mkdir(dirname(file), { recursive: true });
  // Written aside and renamed, so that a second process never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, made.p12, { mode: 0o600 });
  await chmod(partial, 0o600);
  await rename(partial, file);
  return { p12: await readFile(file), password: SELF_SIGNED_PASSWORD };
}

/**
 * Where the seal's certificate comes from: the environment's PKCS#12, or in the embedded default a
 * self-signed one made on first use and kept (in the data folder, or in memory for tests). Made once.
 */
export function carrierCertificateSource(
  setting: AppConfig['evidenceCertificate'],
  now: () => Date = () => new Date(),
): () => Promise<CarrierCertificate | null> {
  let pending: Promise<CarrierCertificate | null> | null = null;
  return () => {
    pending ??= (async () => {
      if (setting.kind === 'none') return null;
      if (setting.kind === 'p12') return { p12: setting.p12, password: setting.password };
      if (setting.file === null)
        return selfSignedCarrierCertificate({
          commonName: SELF_SIGNED_NAME,
          password: SELF_SIGNED_PASSWORD,
          now: now(),
        });
      return readOrMake(setting.file, now);
    })().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

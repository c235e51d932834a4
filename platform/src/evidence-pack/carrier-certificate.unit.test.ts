import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { certificateName } from './seal.ts';
import { testCarrierCertificate } from '../testing/evidence-pack.ts';
import { SELF_SIGNED_NAME, carrierCertificateSource } from './carrier-certificate.ts';

describe('the carrier certificate that seals evidence packs', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is made once in the embedded default and kept in its file, readable only by its owner', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'carrier-cert-'));
    dirs.push(dir);
    const file = join(dir, 'nested', 'evidence-certificate.p12');
    const source = carrierCertificateSource({ kind: 'self-signed', file });
    const first = (await source())!;
    expect(await source()).toBe(first);
    expect(certificateName(first)).toBe(SELF_SIGNED_NAME);
    expect(Buffer.from(await readFile(file)).equals(Buffer.from(first.p12))).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // A later start reads the same certificate back.
    const again = (await carrierCertificateSource({ kind: 'self-signed', file })())!;
    expect(Buffer.from(again.p12).equals(Buffer.from(first.p12))).toBe(true);
  });

  it('comes from the environment as given, and is absent in the distributed topology without one', async () => {
    const given = testCarrierCertificate('Given Carrier', 'pw');
    const fromEnv = await carrierCertificateSource({
      kind: 'p12',
      p12: Buffer.from(given.p12),
      password: 'pw',
    })();
    expect(certificateName(fromEnv!)).toBe('Given Carrier');
    expect(await carrierCertificateSource({ kind: 'none' })()).toBeNull();
  });
});

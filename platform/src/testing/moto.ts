import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Availability } from '@onboard/testing/backends';
import { freePort } from '../database/embedded-postgres.ts';

// moto's server (PyPI `moto[server]`, installed into .tmp/s3-venv by scripts/s3/install.sh): an in-memory
// S3- and KMS-compatible server that starts in about a second, with no Docker, Java or account. The
// contract suites of the document store (S3) and of the key-encryption key (KMS) run against it.
const ROOT = resolve(import.meta.dirname, '../../..');
const MOTO = resolve(ROOT, '.tmp/s3-venv/bin/moto_server');

/** Whether moto's server is there, installing it once when it is not. */
export function motoAvailability(): Availability {
  if (existsSync(MOTO)) return { available: true };
  try {
    execFileSync('bash', ['scripts/s3/install.sh'], { cwd: ROOT, stdio: 'ignore', timeout: 240_000 });
  } catch (error) {
    return {
      available: false,
      reason: `moto could not be installed (scripts/s3/install.sh): ${String(error)}`,
    };
  }
  return existsSync(MOTO) ? { available: true } : { available: false, reason: `no ${MOTO} after install` };
}

/** A moto server on 127.0.0.1, answering once started: its endpoint, and how to stop it. */
export async function startMoto(): Promise<{ endpoint: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${endpoint}/moto-api/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 150) {
      child.kill('SIGTERM');
      throw new Error('moto did not start within 30 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { endpoint, stop: () => child.kill('SIGTERM') };
}

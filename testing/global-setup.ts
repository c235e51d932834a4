import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@onboard/platform/database/embedded-postgres';

// One real PostgreSQL per test run; every test file creates its own database in it (testing/db.ts).
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-test-pg-'));
  chmodSync(dir, 0o777);
  const db = await startEmbeddedPostgres({ dataDir: join(dir, 'data') });
  project.provide('pgAdminUrl', db.url('postgres'));
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

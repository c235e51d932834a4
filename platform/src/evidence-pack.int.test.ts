import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDownloadHeaders } from '@onboard/domain';
import { evidencePackRoutes, verifyEvidencePack } from '@onboard/query-api/evidence-pack';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { carrierCertificateSource } from './evidence-pack/carrier-certificate.ts';
import { carrierSealer } from './evidence-pack/seal.ts';
import { DEMO_CLIENT_ID } from './seed.ts';
import { serveRoutes, type ServedRoutes } from './testing/route-server.ts';
import { apiClient, type ApiResponse } from './testing/http-client.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { signedDemoFormsForTest } from './testing/evidence-pack.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** `npm run verify-evidence -- <file>` as a person runs it: its output and exit code. */
async function verifyCli(file: string, ...options: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'platform/src/cli/verify-evidence.ts', file, ...options],
      { cwd: ROOT, env: { PATH: process.env.PATH } },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const flip = (bytes: Uint8Array, at: number) => {
  const copy = new Uint8Array(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
};
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

// The sealed evidence pack over HTTP: a client signs its EIF, staff download the pack, the verifier (the
// function and the CLI) accepts it and names what breaks once a single byte changes.
describe('GET /api/clients/{clientId}/evidence-pack', () => {
  let app: RunningApp;
  let formsServer: ServedRoutes | undefined;
  let formsBase: string;
  let dir: string;
  let cookie: string;
  const packPath = (clientId: string) => `/api/clients/${clientId}/evidence-pack`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evidence-pack-'));
    // The app's self-signed carrier certificate kept in a file, as the embedded default keeps it.
    app = await startApp(
      embeddedTestConfig(await seededDatabase('evidence_pack'), {
        webDist: null,
        evidenceCertificate: { kind: 'self-signed', file: join(dir, 'carrier.p12') },
      }),
    );
    // The same route as the app mounts it, with two signed onboarding forms handed over.
    const forms = await signedDemoFormsForTest('2026-11-20T15:00:00.000Z', '2026-11-21T09:30:00.000Z');
    formsServer = await serveRoutes(
      app.logger,
      evidencePackRoutes({
        store: app.store,
        authenticate: app.identity.authenticate,
        sealer: carrierSealer(carrierCertificateSource({ kind: 'self-signed', file: null })),
        signedForms: async (clientId) => (clientId === DEMO_CLIENT_ID ? forms : []),
      }),
    );
    formsBase = formsServer.url;

    const benAdmin = apiClient(app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    await answerEveryRequiredQuestion(benAdmin, DEMO_CLIENT_ID);
    const signed: ApiResponse = await benAdmin.post(`/api/clients/${DEMO_CLIENT_ID}/eif/sign`);
    expect(signed.status).toBe(200);
    const staff = apiClient(app.url);
    await staff.signIn('admin@onboard.example');
    cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  });

  afterAll(async () => {
    await formsServer?.close();
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const download = async (base: string, clientId = DEMO_CLIENT_ID) => {
    const res = await fetch(`${base}${packPath(clientId)}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return { res, pack: new Uint8Array(await res.arrayBuffer()) };
  };

  it('gives staff the sealed pack of the signed EIF, which verifies (function and CLI)', async () => {
    const { res, pack } = await download(app.url);
    expect(readDownloadHeaders((name) => res.headers.get(name))).toEqual({
      contentType: 'application/pdf',
      filename: 'Evidence pack - Lakeside Manufacturing Co..pdf',
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pack)), { mergePages: true });
    expect(text).toContain('Evidence pack');
    expect(text).toContain('Signed onboarding forms: none completed yet.');
    expect(text).toContain('EIF summary');
    expect(text).toContain('Federal Tax ID (EIN): 12-3456789');
    expect(text).toMatch(/Link \d+ \(eif-lakeside-manufacturing revision \d+\): EifSigned/);
    expect(latin1(pack)).toMatch(/\/SubFilter\s*\/ETSI\.CAdES\.detached/);

    const result = await verifyEvidencePack(pack);
    expect(result.checks.filter((c) => !c.holds)).toEqual([]);
    expect(result.checks.at(-1)!.detail).toMatch(/^Event chain: all \d+ links hold/);

    const file = join(dir, 'pack.pdf');
    await writeFile(file, pack);
    const cli = await verifyCli(file);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(
      /^ok {4}Signature over bytes 0–\d+ and \d+–\d+ holds: sealed by Onboard carrier/m,
    );
    expect(cli.stdout).toMatch(/^NOTE {2}Signer not checked against the carrier's certificate: /m);
    expect(cli.stdout).toContain(
      "The evidence pack verifies, but its signer was not checked against the carrier's certificate",
    );
  });

  it('checks the signer against the carrier certificate that `npm run evidence-certificate` gives', async () => {
    const { pack } = await download(app.url);
    const file = join(dir, 'sealed.pdf');
    await writeFile(file, pack);
    const pem = join(dir, 'carrier.pem');
    const given = await run(
      process.execPath,
      ['--import', 'tsx', 'platform/src/cli/evidence-certificate.ts', pem],
      { cwd: ROOT, env: { PATH: process.env.PATH, ONBOARD_EVIDENCE_CERT_FILE: join(dir, 'carrier.p12') } },
    );
    const fingerprint = /SHA-256 ([0-9a-f]{64})/.exec(given.stderr)?.[1];
    expect(fingerprint).toBeDefined();
    const cli = await verifyCli(file, '--certificate', pem);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(
      `ok    Signer: sealed by the carrier's certificate ${fingerprint} (Onboard carrier`,
    );
    expect(cli.stdout).toContain("The evidence pack verifies, sealed by the carrier's certificate.");

    // The forms route seals with a self-signed certificate of its own: the same name, another key.
    const other = join(dir, 'other.pdf');
    await writeFile(other, (await download(formsBase)).pack);
    const forged = await verifyCli(other, '--certificate', pem);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(
      new RegExp(
        `First failure: Signer: signed by certificate [0-9a-f]{64} \\(Onboard carrier .*\\), not the carrier's ${fingerprint} \\(Onboard carrier`,
      ),
    );
    expect((await verifyCli(other, '--fingerprint', fingerprint!)).code).toBe(1);
  });

  it('refuses the client’s own people, strangers and unknown clients', async () => {
    const benAdmin = apiClient(app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    expect((await benAdmin.get(packPath(DEMO_CLIENT_ID))).status).toBe(403);
    expect((await fetch(`${app.url}${packPath(DEMO_CLIENT_ID)}`)).status).toBe(401);
    const unknown = await fetch(`${app.url}${packPath('no-such-client')}`, { headers: { cookie } });
    expect(unknown.status).toBe(404);
  });

  it('fails after one changed byte of the sealed content, and says where (CLI exit code 1)', async () => {
    const { pack } = await download(app.url);
    // A byte of the cover page, near the start of the file: only the seal covers it.
    const result = await verifyEvidencePack(flip(pack, 400));
    expect(result.holds).toBe(false);
    expect(result.firstFailure!.detail).toMatch(
      /^Signature over bytes 0–\d+ and \d+–\d+ does not hold: the file was changed after sealing$/,
    );
    const file = join(dir, 'changed.pdf');
    await writeFile(file, flip(pack, 400));
    const cli = await verifyCli(file);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(
      /The evidence pack does not verify\. First failure: Signature over bytes 0–\d+ and \d+–\d+ does not hold: the file was changed after sealing/,
    );
  });

  it('names the event chain link a changed byte breaks', async () => {
    const { pack } = await download(app.url);
    const text = latin1(pack);
    const at = text.indexOf('"type":"EifSigned"');
    expect(at).toBeGreaterThan(0);
    const line = text.slice(text.lastIndexOf('\n', at) + 1, at);
    const link = JSON.parse(`${line}"x":0}`) as { position: number; stream: string; revision: number };
    const file = join(dir, 'chain.pdf');
    await writeFile(file, flip(pack, at + 10));
    const cli = await verifyCli(file);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(
      `FAIL  Event chain link ${link.position} (eif-lakeside-manufacturing revision ${link.revision}) does not hold: the event or its hash was changed`,
    );
    expect(link.stream).toBe('eif-lakeside-manufacturing');
  });

  it('carries each signed form with its audit trail, and names a form whose attached bytes changed', async () => {
    const { pack } = await download(formsBase);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pack)), { mergePages: true })).text;
    expect(text).toContain('Signature audit trail: Group application');
    expect(text).toContain('Signed - Bianca Brooks <broker@onboard.example> (Signer)');
    expect(text).toContain('IP address: 203.0.113.7');
    const result = await verifyEvidencePack(pack);
    expect(result.holds).toBe(true);
    expect(result.checks.map((c) => c.detail)).toContain(
      'Signed form ‘HIPAA authorization’ audit trail: the document is the one the trail ends with (signed by Bianca Brooks)',
    );

    // The second attached form's own PDF header: a byte past it is inside that attachment.
    const second = latin1(pack).indexOf('%PDF-', latin1(pack).indexOf('%PDF-', 10) + 10);
    const broken = await verifyEvidencePack(flip(pack, second + 300));
    const failures = broken.checks.filter((c) => !c.holds).map((c) => c.detail);
    expect(failures[0]).toMatch(/the file was changed after sealing$/);
    expect(
      failures.some((d) => d.startsWith('Signed form ‘HIPAA authorization’ does not hold: attachment')),
    ).toBe(true);
  });
});

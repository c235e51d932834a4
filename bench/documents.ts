// Document upload: a 20 MB file through POST /api/clients/{clientId}/documents (multipart, content
// sniffing, active-content scan, the store, the event), against a raw write of the same bytes to the same
// store (the documents table) in the same run, alternating rounds. `npx tsx bench/documents.ts` runs it alone.
import { randomBytes, randomUUID } from 'node:crypto';
import { createPostgresDocumentStore } from '@onboard/platform/documents';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import type { Report } from './eif.ts';
import { runStandalone } from './standalone.ts';
import { signedInBenchClient, startBenchApp } from './app.ts';

const MB = 20;
const ROUNDS = Number(process.env.BENCH_DOCUMENT_ROUNDS ?? 5);
const TARGET = 0.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchDocuments(databaseUrl: string, report: Report) {
  const app = await startBenchApp(databaseUrl);
  try {
    const { cookie, csrf } = await signedInBenchClient(app, 'benadmin@onboard.example');
    const store = createPostgresDocumentStore(app.pool, () => new Date());
    // A PDF whose one stream is hex text: decided by its content, and scanned whole for active content.
    const head = Buffer.from('%PDF-1.7\n1 0 obj << /Filter /ASCIIHexDecode >>\nstream\n');
    const tail = Buffer.from('\nendstream\nendobj\ntrailer << >>\n%%EOF\n');
    const hexLength = MB * 1024 * 1024 - head.length - tail.length;
    const bytes = Buffer.concat([
      head,
      Buffer.from(
        randomBytes(Math.ceil(hexLength / 2))
          .toString('hex')
          .slice(0, hexLength),
      ),
      tail,
    ]);
    const upload = async () => {
      const form = new FormData();
      form.append('category', 'other');
      form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'scan.pdf');
      const t = performance.now();
      const res = await fetch(`${app.url}/api/clients/${DEMO_CLIENT_ID}/documents`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf },
        body: form,
      });
      if (res.status !== 201)
        throw new Error(`upload answered ${res.status}: ${Buffer.from(await res.arrayBuffer()).toString()}`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    const raw = async () => {
      const t = performance.now();
      await store.put!({
        documentId: `bench/${randomUUID()}`,
        bytes,
        mimeType: 'application/pdf',
        name: 'scan.pdf',
        uploadedBy: 'bench',
      });
      return performance.now() - t;
    };
    await upload(); // warm-up: JIT, pool connections
    await raw();
    const uploads: number[] = [];
    const raws: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      raws.push(await raw());
      uploads.push(await upload());
    }
    const uploadMs = median(uploads);
    const rawMs = median(raws);
    const mbps = (ms: number) => (MB * 1000) / ms;
    console.log(
      `      raw write of ${MB} MB to the documents table, median of ${ROUNDS}: ${rawMs.toFixed(0)} ms (${mbps(rawMs).toFixed(1)} MB/s)`,
    );
    const ratio = rawMs / uploadMs;
    report(
      `document upload of ${MB} MB over HTTP (multipart, sniffed, scanned, stored, event), median of ${ROUNDS}`,
      `${uploadMs.toFixed(0)} ms (${mbps(uploadMs).toFixed(1)} MB/s)`,
      ratio,
      `≥ ${TARGET}× the raw write`,
      ratio >= TARGET,
    );
  } finally {
    await app.stop();
  }
}

runStandalone(import.meta.url, 'bench_documents', async (url) => {
  await benchDocuments(url, (name, value, ratio, target, isMet) =>
    console.log(
      `${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${ratio === null ? '' : `  ratio ${ratio.toFixed(2)}x`}  (target ${target})`,
    ),
  );
});

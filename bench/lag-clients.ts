// The lag bench's clients, in their own process so that sending commands and polling the read model
// neither share the app's event loop nor count in its CPU: commands at a steady rate, each timed from its
// answer until the client-view row shows its version (both times on this process's clock).
import { Agent, request } from 'node:http';
import pg from 'pg';

export type LagClientsInput = {
  url: string;
  cookie: string;
  csrf: string;
  databaseUrl: string;
  clients: string[];
  rate: number;
  seconds: number;
};
export type LagClientsResult = {
  lags: number[];
  sent: number;
  warmUp: number;
  sentMs: number;
  errors: number;
  polls: number;
};

async function run(input: LagClientsInput): Promise<LagClientsResult> {
  const { url, cookie, csrf, clients, rate } = input;
  // node:http with kept-alive connections: the cheapest client, so the bench's own CPU stays small.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const put = (path: string, payload: unknown) =>
    new Promise<{ status: number; body: { version: number } }>((resolve, reject) => {
      const body = JSON.stringify(payload);
      const req = request(
        `${url}${path}`,
        {
          method: 'PUT',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie,
            'x-csrf-token': csrf,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const db = new pg.Client({ connectionString: input.databaseUrl });
  await db.connect();
  const pending = new Map<string, { at: number; version: number }>(); // key: clientId
  const lags: number[] = [];
  let polling = true;
  let polls = 0;
  const poller = (async () => {
    while (polling || pending.size > 0) {
      if (pending.size > 0) {
        polls += 1;
        const { rows } = await db.query<{ client_id: string; version: string }>({
          name: 'lag_poll',
          text: 'select client_id, version from rm_clients where client_id = any($1)',
          values: [[...pending.keys()]],
        });
        const now = performance.now();
        for (const row of rows) {
          const wait = pending.get(row.client_id);
          if (wait && Number(row.version) >= wait.version) {
            lags.push(now - wait.at);
            pending.delete(row.client_id);
          }
        }
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  })();

  // Warm-up at the same rate, not recorded: JIT, pool connections (each a SCRAM handshake), first pages.
  const warmUp = 2 * rate;
  const total = input.seconds * rate + warmUp;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const clientId = clients[i % clients.length]!;
    inFlight.push(
      (async () => {
        const res = await put(`/api/clients/${clientId}`, { taxId: String(100000000 + i) });
        if (res.status !== 200) {
          errors += 1;
          return;
        }
        if (i < warmUp) return;
        const appendedAt = performance.now();
        const previous = pending.get(clientId);
        // Only the latest command per client is awaited; an older one is already lagging less.
        if (!previous || previous.version < res.body.version)
          pending.set(clientId, { at: appendedAt, version: res.body.version });
      })(),
    );
  }
  await Promise.all(inFlight);
  const sentMs = performance.now() - started;
  const drainDeadline = performance.now() + 10_000;
  while (pending.size > 0 && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 10));
  polling = false;
  pending.clear();
  await poller;
  await db.end();
  agent.destroy();
  return { lags, sent: total - warmUp, warmUp, sentMs, errors, polls };
}

// Started by the lag bench (a child process with an IPC channel): one input in, one result out.
process.once('message', (input) => {
  run(input as LagClientsInput).then(
    (result) => process.send?.({ result }),
    (error: unknown) => process.send?.({ error: String(error instanceof Error ? error.stack : error) }),
  );
});

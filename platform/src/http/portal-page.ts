import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request, RequestHandler } from 'express';

/** The id of the data block that carries who is signed in (read by web/src/api/hooks.ts). */
export const SESSION_BLOCK_ID = 'onboard-session';

/** The id of the data block that carries the page's first reads' answers, by key (web/src/app/route-data.ts). */
export const ANSWERS_BLOCK_ID = 'onboard-answers';

/** How long a page waits for its first reads, all together: what has not answered by then the web reads. */
const FIRST_READS_WAIT_MS = 300;

/**
 * A JSON data block: never executed, so the page's Content-Security-Policy (scripts from this origin only)
 * stays as strict as it is. Every `<` is escaped, so no value can close the block or open a comment.
 */
export const jsonDataBlock = (id: string, value: unknown): string =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** The page with a data block at the end of its head (or of the page, when it has no head). */
export function withDataBlock(html: string, id: string, value: unknown): string {
  const block = jsonDataBlock(id, value);
  const headEnd = html.indexOf('</head>');
  return headEnd === -1 ? html + block : html.slice(0, headEnd) + block + html.slice(headEnd);
}

/**
 * Who the request is signed in as, as GET /api/users/authenticated answers it (null: nobody), or
 * undefined when the server cannot tell at once (an expired access token, which the web refreshes).
 */
export type SessionOf = (req: Request) => Promise<unknown>;

/**
 * The file of the portal's page for a path: the page prerendered for it at build time when there is one
 * (`pages/<path>.html`, written by web/vite.config.ts), else the app's one page. Paths match as the web's
 * routes do, whatever their case.
 */
export function portalPageFiles(webDist: string): (path: string) => string {
  const pagesDir = join(webDist, 'pages');
  const prerendered = new Map(
    (existsSync(pagesDir) ? readdirSync(pagesDir) : [])
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -'.html'.length).toLowerCase()}`, join(pagesDir, name)]),
  );
  const page = join(webDist, 'index.html');
  return (path) => prerendered.get(path.toLowerCase().replace(/\/$/, '')) ?? page;
}

/** One of a page's first reads as the web lists it: its key (its address), and the reads its answer starts. */
export type PageRead = { key: string; then?: (answer: unknown) => PageRead[] };

/**
 * The web's server entry (web/src/server.tsx, built into dist/.server/server.js). `cookies` is the request's
 * cookie header: what the browser keeps of the page's state (the client table's filters) is the web's to read.
 */
export type WebServerEntry = {
  firstReadsOfPage: (path: string, user: Person, cookies?: string) => PageRead[];
  /** The page's markup as its first render shows it to `user` with `answers`. */
  renderPage?: (
    path: string,
    user: Person,
    answers: Answers,
    signal: AbortSignal,
    cookies?: string,
  ) => Promise<string>;
  /** Loads the code of what renderPage renders. */
  warmUp?: () => Promise<unknown>;
};

/** Who is signed in, as GET /api/users/authenticated answers it for a person. */
type Person = { id: string; role: string };
/** The answers of a page's first reads, by key (the web's swr keys). */
type Answers = Record<string, unknown>;

/** The web's server entry of a build, or null when the build has none (or it cannot be loaded). */
export async function loadWebServerEntry(webDist: string): Promise<WebServerEntry | null> {
  const file = join(webDist, '.server', 'server.js');
  if (!existsSync(file)) return null;
  try {
    const entry = (await import(pathToFileURL(file).href)) as WebServerEntry;
    void entry.warmUp?.().catch(() => undefined);
    return entry;
  } catch {
    return null;
  }
}

/** A read made as the request's sender: its answer, or undefined when it failed. */
export type ReadAs = (key: string, signal: AbortSignal) => Promise<unknown>;

/**
 * The answers of `reads` and of the reads their answers start, by key, as far as they came within `waitMs`
 * in all: a read that failed or had not answered is left out (the web makes it itself), and cut off.
 */
export async function answersOf(reads: PageRead[], read: ReadAs, waitMs: number): Promise<Answers> {
  const answers: Answers = {};
  const cut = new AbortController();
  const run = (some: PageRead[]): Promise<unknown> =>
    Promise.all(
      some.map(async ({ key, then }) => {
        const answer = await read(key, cut.signal).catch(() => undefined);
        if (answer === undefined || cut.signal.aborted) return;
        answers[key] = answer;
        if (then) await run(then(answer));
      }),
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([run(reads), new Promise((done) => (timer = setTimeout(done, waitMs)))]);
  clearTimeout(timer);
  cut.abort();
  return answers;
}

/**
 * Reads as the request's sender: the same route of this server, on the address and port the request came
 * in on, with its cookies (so its session, its permissions and nothing more). Only a 200 is an answer.
 */
function readAsSender(req: Request): ReadAs {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  return async (key, signal) => {
    const response = await fetch(new URL(key, origin), { headers, signal });
    return response.status === 200 ? ((await response.json()) as unknown) : undefined;
  };
}

/** What a signed-in person's page carries besides the session: its first answers, and its markup. */
/** A page's answers and markup, and how long each took (ms; sent as `Server-Timing`). */
export type SignedInPage = { answers: Answers; markup?: string; took: { reads: number; render: number } };
export type SignedInPageOf = (req: Request, user: Person) => Promise<SignedInPage | undefined>;

/** How long rendering a page's markup may take before the page is sent without it. */
export const PAGE_RENDER_WAIT_MS = 400;

/** What `work` gives within `waitMs`, else undefined (and its signal aborted); a failure is undefined too. */
async function within<T>(waitMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  const cut = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((done) => (timer = setTimeout(() => done(undefined), waitMs)));
  try {
    return await Promise.race([work(cut.signal).catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
    cut.abort();
  }
}

/** How long a page waits for its first reads (all together), then for its markup. */
export type PageWaits = { readsMs: number; renderMs: number };
export const PAGE_WAITS: PageWaits = { readsMs: FIRST_READS_WAIT_MS, renderMs: PAGE_RENDER_WAIT_MS };

/**
 * A signed-in person's page from the web's server entry: the route's first reads made as the request's
 * sender, then the page rendered with their answers, each within its wait. A route without first reads is
 * the app's page as it is.
 */
export const signedInPageOf =
  (entry: Promise<WebServerEntry | null>, waits = PAGE_WAITS): SignedInPageOf =>
  async (req, user) => {
    const web = await entry;
    const cookies = req.headers.cookie;
    const reads = web?.firstReadsOfPage(req.path, user, cookies) ?? [];
    if (!web || reads.length === 0) return undefined;
    const started = performance.now();
    const answers = await answersOf(reads, readAsSender(req), waits.readsMs);
    const read = performance.now();
    const render = web.renderPage;
    const markup = render
      ? await within(waits.renderMs, (signal) => render(req.path, user, answers, signal, cookies))
      : undefined;
    const took = { reads: read - started, render: performance.now() - read };
    return markup === undefined ? { answers, took } : { answers, markup, took };
  };

const isPerson = (session: unknown): session is Person =>
  typeof session === 'object' && session !== null && 'id' in session && 'role' in session;

/** The app's empty root element, which a page rendered on the server fills. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The portal's page, answered with the session it is opened in written into it: the web starts the page's
 * first reads as its entry runs instead of asking who is signed in first. For a signed-in person, the
 * answers of the page's first reads are in it too, so the web renders them without asking, and the page's
 * markup rendered with them, on screen before the page's code runs (the web hydrates it). The page is one
 * person's, so it is never stored by a cache.
 */
export function portalPage(
  fileFor: (path: string) => string,
  sessionOf: SessionOf,
  signedInPage: SignedInPageOf = async () => undefined,
): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const pageOfSession = sessionOf(req)
        .catch(() => undefined)
        .then(async (session) => ({
          session,
          page: isPerson(session) ? await signedInPage(req, session).catch(() => undefined) : undefined,
        }));
      const [html, { session, page }] = await Promise.all([
        readFile(fileFor(req.path), 'utf8'),
        pageOfSession,
      ]);
      let sent = session === undefined ? html : withDataBlock(html, SESSION_BLOCK_ID, session);
      if (page) sent = withDataBlock(sent, ANSWERS_BLOCK_ID, page.answers);
      if (page?.markup) sent = sent.replace(ROOT_ELEMENT, `<div id="root">${page.markup}</div>`);
      res.setHeader('Cache-Control', 'private, no-store');
      if (page)
        res.setHeader(
          'Server-Timing',
          `reads;dur=${page.took.reads.toFixed(1)}, render;dur=${page.took.render.toFixed(1)}`,
        );
      res.type('html').send(sent);
    })().catch(next);
  };
}

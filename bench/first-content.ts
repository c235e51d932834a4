// How soon a phone shows the portal's pages: the app runs on an embedded PostgreSQL with its demo data
// (and a validated census), and each page is opened cold (a browser context of its own, so no cache) by
// headless Chromium as a phone (390 × 844, touch, a phone's user agent, the CPU slowed 4× through the
// DevTools protocol). Per page it takes the time to the largest contentful paint and to the page's main
// content on screen (its own selector, with no loading skeleton left), beside the same page served as a
// static snapshot of the HTML it rendered (captured in the same run, without its scripts, from a local
// static server with the built CSS and fonts): what the app costs over the bytes it shows.
// Run after `npm run build:web`: `npx tsx bench/first-content.ts` (also part of `npm run bench`).
import type { AddressInfo } from 'node:net';
import express from 'express';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { startApp } from '@onboard/platform/app';
import { WEB_DIST, embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { CHROMIUM_PATH } from '@onboard/testing/backends';
import type { Report } from './eif.ts';
import { browserBenchSkipped, runStandalone } from './standalone.ts';

const RUNS = Number(process.env.BENCH_FIRST_CONTENT_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
/**
 * BENCH_FIRST_CONTENT_TRACE=1: each page's requests of its first load, when each started and ended, what
 * shifted, and each largest-contentful-paint candidate (when, its size, its element and text).
 */
const TRACE = process.env.BENCH_FIRST_CONTENT_TRACE === '1';
/** BENCH_FIRST_CONTENT_PAGES=hub,census: only the pages whose names contain one of these. */
const ONLY = process.env.BENCH_FIRST_CONTENT_PAGES?.split(',');
/** Targets on the phone profile: the sign-in page's largest contentful paint, and every other page's. */
const SIGN_IN_LCP_MS = 1000;
const PAGE_LCP_MS = 1500;
const STATIC_RATIO = 2;

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

const POLICY_ID = 'policy-lakeside-1';
const ADMIN = 'admin@onboard.example';
const BEN_ADMIN = 'benadmin@onboard.example';

type BenchPage = {
  name: string;
  path: string;
  signedInAs: string | null;
  /** What marks the page's real content (never a skeleton). */
  content: string;
  lcpTargetMs: number;
};

const pagesOf = (censusDocumentId: string): BenchPage[] => [
  {
    name: 'sign-in',
    path: '/login',
    signedInAs: null,
    content: '#main input[name="username"]',
    lcpTargetMs: SIGN_IN_LCP_MS,
  },
  {
    name: 'client list (staff)',
    path: '/clients/admin',
    signedInAs: ADMIN,
    content: '#main table[aria-label="Clients"] tbody tr',
    lcpTargetMs: PAGE_LCP_MS,
  },
  {
    name: 'client hub',
    path: `/client/${DEMO_CLIENT_ID}`,
    signedInAs: BEN_ADMIN,
    content: '[data-testid="hub-progress"]',
    lcpTargetMs: PAGE_LCP_MS,
  },
  {
    name: 'EIF sub-step',
    path: `/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information/step/company-information/tax-id`,
    signedInAs: BEN_ADMIN,
    content: '#main .eif-form__section input',
    lcpTargetMs: PAGE_LCP_MS,
  },
  {
    name: 'census report',
    path: `/client/${DEMO_CLIENT_ID}/task/enrollment-elections/${POLICY_ID}/validation-report/${censusDocumentId}`,
    signedInAs: BEN_ADMIN,
    content: '[data-testid="census-groups"], [data-testid="census-report-clean"]',
    lcpTargetMs: PAGE_LCP_MS,
  },
  {
    name: 'review changes (staff)',
    path: `/clients/admin/${DEMO_CLIENT_ID}/manage/review`,
    signedInAs: ADMIN,
    content: '[data-testid="no-pending"], [data-testid="change-answer"]',
    lcpTargetMs: PAGE_LCP_MS,
  },
];

type Load = { lcpMs: number; contentMs: number; layoutShift: number };

/**
 * Evaluated in every document before its own scripts (through the driver, so the page's
 * Content-Security-Policy does not apply): records the largest contentful paint, the layout shift and the
 * first frame with the content shown and no skeleton left in the main region. Given as source text: the
 * bench's TypeScript loader would wrap a function's inner names in a helper the page does not have.
 */
const observe = (selector: string) => `(() => {
  const figures = { lcp: 0, content: 0, shift: 0, shifted: [], painted: [] };
  window.__firstContent = figures;
  const named = (node) => node.nodeName.toLowerCase() + (node.id ? '#' + node.id : '') +
    (typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).join('.') : '');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      figures.lcp = entry.startTime;
      const e = entry.element;
      const what = e ? named(e) + (e.parentElement ? ' in ' + named(e.parentElement) : '') + ' "' + (e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60) + '"' : '(element removed)';
      figures.painted.push(Math.round(entry.startTime) + ' ms ' + entry.size + ' px² ' + what);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      figures.shift += entry.value;
      const nodes = entry.sources.map((s) => s.node && (s.node.id ? '#' + s.node.id : s.node.nodeName + '.' + (s.node.className || '')));
      figures.shifted.push(Math.round(performance.now()) + ' ms ' + entry.value.toFixed(3) + ' ' + nodes.join(' '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const selector = ${JSON.stringify(selector)};
  const check = (now) => {
    if (document.querySelector(selector) && !document.querySelector('#main .skeleton')) figures.content = now;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

type Observed = {
  __firstContent: { lcp: number; content: number; shift: number; shifted: string[]; painted: string[] };
};

/** One cold load of `url` as a phone; with `snapshot`, also the HTML it rendered, without scripts. */
async function load(
  browser: Browser,
  url: string,
  page: BenchPage,
  cookies: ReadonlyMap<string, string> | undefined,
  snapshot: boolean,
): Promise<Load & { html?: string }> {
  const context = await browser.newContext(PHONE);
  try {
    if (cookies)
      await context.addCookies(
        [...cookies].map(([name, value]) => ({ name, value, url: new URL(url).origin })),
      );
    await context.addInitScript({ content: observe(page.content) });
    const tab = await context.newPage();
    const requests: { url: string; startMs: number; endMs: number }[] = [];
    if (TRACE && snapshot)
      tab.on('requestfinished', (request) => {
        const timing = request.timing();
        requests.push({
          url: request.url().replace(new URL(url).origin, ''),
          startMs: timing.startTime - startedAt,
          endMs: timing.startTime - startedAt + timing.responseEnd,
        });
      });
    const startedAt = Date.now();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const answer = await tab.goto(url, { waitUntil: 'commit' });
    if (answer?.status() !== 200) throw new Error(`${url} answered ${answer?.status()}`);
    const serverTiming = answer.headers()['server-timing'];
    if (TRACE && snapshot && serverTiming) console.log(`        the page's server work: ${serverTiming}`);
    await tab.waitForFunction(() => (window as unknown as Observed).__firstContent.content > 0, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    // A later, larger paint (an image, a font swap) still counts: the figures settle for a moment.
    await tab.waitForTimeout(500);
    const figures = await tab.evaluate(() => (window as unknown as Observed).__firstContent);
    for (const r of requests.sort((a, b) => a.startMs - b.startMs))
      console.log(`        ${ms(r.startMs).padStart(8)} – ${ms(r.endMs).padStart(8)}  ${r.url}`);
    if (TRACE && snapshot) {
      for (const shift of figures.shifted) console.log(`        layout shift at ${shift}`);
      for (const paint of figures.painted) console.log(`        largest contentful paint at ${paint}`);
    }
    const html = snapshot
      ? (await tab.content())
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
          .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
      : undefined;
    return { lcpMs: figures.lcp, contentMs: figures.content, layoutShift: figures.shift, html };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`;

/** A census with a few rows breaking the rules, uploaded and validated: its report has groups to show. */
async function validatedCensus(baseUrl: string, benAdmin: ReturnType<typeof apiClient>): Promise<string> {
  const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
  const header =
    'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary';
  const rows = Array.from({ length: 200 }, (_, i) => {
    const ssn = `123-45-${String(1000 + (i % 190)).padStart(4, '0')}`;
    return `E${i + 1},Ada${i},Lovelace,${ssn},12/10/1985,03/15/2020,Salaried,40,Head office,NY,10001,${50000 + i * 100}`;
  });
  const response = await fetch(`${baseUrl}${census}/files`, {
    method: 'POST',
    headers: {
      cookie: [...benAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': benAdmin.cookies.get('onboard_csrf') ?? '',
      'content-type': 'application/octet-stream',
      'x-file-name': 'census.csv',
    },
    body: `${header}\n${rows.join('\n')}\n`,
  });
  if (response.status !== 201) throw new Error(`census upload answered ${response.status}`);
  const { document } = (await response.json()) as {
    document: { documentId: string; mapping: Record<string, number> };
  };
  const confirmed = await benAdmin.put(`${census}/validate-submit`, {
    documentId: document.documentId,
    mapping: document.mapping,
    source: 'BEN_ADMIN_PLATFORM',
  });
  if (confirmed.status !== 200) throw new Error(`census confirmation answered ${confirmed.status}`);
  await eventually(async () => {
    const list = (await benAdmin.get(`${census}/validate`)).body as { document: { status: string } }[];
    if (list[0]?.document.status !== 'VALIDATED') throw new Error('census not validated yet');
  });
  return document.documentId;
}

/** Serves the snapshots at /snapshots/<n> and the built web's files (CSS, fonts, images) beside them. */
async function startSnapshotServer(snapshots: Map<string, string>) {
  const server = express();
  server.get('/snapshots/:index', (req, res) => {
    const html = snapshots.get(req.params.index);
    if (html === undefined) res.sendStatus(404);
    else res.type('html').send(html);
  });
  server.use(express.static(WEB_DIST, { index: false }));
  const listening = server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    listening.once('listening', resolve).once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => listening.close(() => resolve())),
  };
}

export async function benchFirstContent(databaseUrl: string, report: Report) {
  if (browserBenchSkipped('first content on a phone', 'index.html')) return;
  const app = await startApp(embeddedTestConfig(databaseUrl, { logLevel: 'error' }), {
    printEmail: () => undefined,
  });
  const snapshots = new Map<string, string>();
  const staticServer = await startSnapshotServer(snapshots);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const sessions = new Map<string, ReadonlyMap<string, string>>();
    const admin = apiClient(app.url);
    await admin.signIn(ADMIN);
    await admin.post('/api/users/terms-of-use', {});
    sessions.set(ADMIN, new Map(admin.cookies));
    const benAdmin = apiClient(app.url);
    await benAdmin.signIn(BEN_ADMIN);
    await benAdmin.post('/api/users/terms-of-use', {});
    // Past the welcome flow, as a returning benefits administrator opens the hub.
    await benAdmin.post(`/api/clients/${DEMO_CLIENT_ID}/complete-welcome-flow`, {});
    const censusDocumentId = await validatedCensus(app.url, benAdmin);
    sessions.set(BEN_ADMIN, new Map(benAdmin.cookies));

    console.log(
      `      first content on a phone (390×844, touch, CPU ${CPU_SLOWDOWN}× slower, cold cache): median of ${RUNS} loads, live page / its static snapshot`,
    );
    const pages = pagesOf(censusDocumentId);
    for (const [index, page] of pages.entries()) {
      if (ONLY && !ONLY.some((part) => page.name.includes(part))) continue;
      const cookies = page.signedInAs ? sessions.get(page.signedInAs) : undefined;
      const live: Load[] = [];
      const still: Load[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const loaded = await load(browser, `${app.url}${page.path}`, page, cookies, run === 0);
        if (loaded.html) snapshots.set(String(index), loaded.html);
        live.push(loaded);
        still.push(await load(browser, `${staticServer.url}/snapshots/${index}`, page, undefined, false));
      }
      const lcp = median(live.map((l) => l.lcpMs));
      const content = median(live.map((l) => l.contentMs));
      const staticLcp = median(still.map((l) => l.lcpMs));
      const staticContent = median(still.map((l) => l.contentMs));
      console.log(
        `      ${page.name} (${page.path}): LCP ${ms(lcp)} (static ${ms(staticLcp)}), content ${ms(content)} (static ${ms(staticContent)}), layout shift ${median(live.map((l) => l.layoutShift)).toFixed(3)}; loads ${live.map((l) => ms(l.contentMs)).join(', ')}`,
      );
      report(
        `phone largest contentful paint, ${page.name}`,
        ms(lcp),
        lcp / staticLcp,
        `< ${page.lcpTargetMs} ms, <= ${STATIC_RATIO}x its static snapshot`,
        lcp < page.lcpTargetMs && lcp / staticLcp <= STATIC_RATIO,
      );
      report(
        `phone main content on screen, ${page.name}`,
        ms(content),
        content / staticContent,
        `<= ${STATIC_RATIO}x its static snapshot`,
        content / staticContent <= STATIC_RATIO,
      );
    }
  } finally {
    await browser.close();
    await staticServer.close();
    await app.stop();
  }
}

runStandalone(import.meta.url, 'first_content', (databaseUrl) =>
  benchFirstContent(databaseUrl, (name, value, ratio, target, isMet) => {
    const r = ratio === null ? '' : `  ratio ${ratio.toFixed(2)}x`;
    console.log(`${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${r}  (target ${target})`);
  }),
);

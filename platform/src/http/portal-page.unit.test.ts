import { describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'express';
import {
  PAGE_RENDER_WAIT_MS,
  answersOf,
  jsonDataBlock,
  portalPageFiles,
  signedInPageOf,
  withDataBlock,
  type WebServerEntry,
} from './portal-page.ts';

describe('a JSON data block in the portal page', () => {
  it('cannot be closed or turned into markup by a value', () => {
    const value = { name: '</script><script>alert(1)</script><!--' };
    const block = jsonDataBlock('b', value);
    const body = /^<script type="application\/json" id="b">(.*)<\/script>$/.exec(block)![1]!;
    expect(body).not.toContain('<');
    expect(JSON.parse(body)).toEqual(value);
  });

  it("goes at the end of the page's head, or of a page without one", () => {
    expect(withDataBlock('<html><head><title>t</title></head><body></body></html>', 'b', null)).toBe(
      '<html><head><title>t</title><script type="application/json" id="b">null</script></head><body></body></html>',
    );
    expect(withDataBlock('<title>t</title>', 'b', 1)).toBe(
      '<title>t</title><script type="application/json" id="b">1</script>',
    );
  });
});

describe('the file of a portal page', () => {
  it('is the page prerendered for the path, whatever its case, else the app page', () => {
    const dist = mkdtempSync(join(tmpdir(), 'onboard-web-'));
    mkdirSync(join(dist, 'pages'));
    writeFileSync(join(dist, 'pages', 'login.html'), '');
    const fileFor = portalPageFiles(dist);
    expect(fileFor('/login')).toBe(join(dist, 'pages', 'login.html'));
    expect(fileFor('/LOGIN/')).toBe(join(dist, 'pages', 'login.html'));
    expect(fileFor('/login/callback')).toBe(join(dist, 'index.html'));
    expect(fileFor('/')).toBe(join(dist, 'index.html'));
    expect(portalPageFiles(join(dist, 'pages'))('/login')).toBe(join(dist, 'pages', 'index.html'));
  });
});

describe("a page's first reads, made on the server", () => {
  const never = () => new Promise<never>(() => undefined);

  it('answers each read and the reads its answer starts, by key', async () => {
    const asked: string[] = [];
    const answers = await answersOf(
      [{ key: '/a', then: (answer) => [{ key: `/b?v=${(answer as { v: number }).v}` }] }, { key: '/c' }],
      async (key) => {
        asked.push(key);
        return { v: 7, key };
      },
      1_000,
    );
    expect(answers).toEqual({
      '/a': { v: 7, key: '/a' },
      '/b?v=7': { v: 7, key: '/b?v=7' },
      '/c': { v: 7, key: '/c' },
    });
    expect(asked.sort()).toEqual(['/a', '/b?v=7', '/c']);
  });

  it('leaves out a read that failed, and the reads it would have started', async () => {
    const answers = await answersOf(
      [{ key: '/failed', then: () => [{ key: '/next' }] }, { key: '/refused' }, { key: '/ok' }],
      async (key) => {
        if (key === '/failed') throw new Error('connection refused');
        return key === '/refused' ? undefined : 'yes';
      },
      1_000,
    );
    expect(answers).toEqual({ '/ok': 'yes' });
  });

  it('leaves out a read still unanswered when the wait is over, and cuts it off', async () => {
    vi.useFakeTimers();
    try {
      let cutOff = false;
      const pending = answersOf(
        [{ key: '/slow' }, { key: '/fast' }],
        (key, signal) => {
          if (key === '/fast') return Promise.resolve('here');
          signal.addEventListener('abort', () => (cutOff = true));
          return never();
        },
        300,
      );
      await vi.advanceTimersByTimeAsync(300);
      expect(await pending).toEqual({ '/fast': 'here' });
      expect(cutOff).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a signed-in person's page rendered on the server", () => {
  const person = { id: 'u1', role: 'BROKER' };
  // A request whose own server does not answer: its reads fail, so the page has no answers to carry.
  // Its cookies are what the browser keeps of the page's state, the web's to read.
  const req = {
    path: '/client/acme',
    headers: { cookie: 'kept=1' },
    socket: { localAddress: '127.0.0.1', localPort: 9 },
  };
  const readsWith: unknown[] = [];
  const pageWith = async (renderPage: WebServerEntry['renderPage']) => {
    vi.useFakeTimers();
    try {
      const entry: WebServerEntry = {
        firstReadsOfPage: (...given) => {
          readsWith.push(given);
          return [{ key: '/api/clients/acme' }];
        },
        renderPage,
      };
      const page = signedInPageOf(Promise.resolve(entry), { readsMs: 50, renderMs: PAGE_RENDER_WAIT_MS })(
        req as unknown as Request,
        person,
      );
      await vi.advanceTimersByTimeAsync(50 + PAGE_RENDER_WAIT_MS);
      return await page;
    } finally {
      vi.useRealTimers();
    }
  };

  /** How long the reads and the render took, in milliseconds (sent as Server-Timing). */
  const took = { reads: expect.any(Number), render: expect.any(Number) };

  it('carries the markup the web renders for that person with the answers that came and the cookies sent', async () => {
    readsWith.length = 0;
    const page = await pageWith(
      async (path, user, answers, _signal, cookies) =>
        `${path} ${user.id} ${JSON.stringify(answers)} ${cookies}`,
    );
    expect(page).toEqual({ answers: {}, markup: '/client/acme u1 {} kept=1', took });
    expect(readsWith).toEqual([['/client/acme', person, 'kept=1']]);
  });

  it('is sent without markup when rendering fails or takes too long', async () => {
    expect(await pageWith(() => Promise.reject(new Error('window is not defined')))).toEqual({
      answers: {},
      took,
    });
    let cutOff = false;
    const slow = await pageWith(
      (_path, _user, _answers, signal) =>
        new Promise<string>(() => signal.addEventListener('abort', () => (cutOff = true))),
    );
    expect(slow).toEqual({ answers: {}, took });
    expect(cutOff).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonDataBlock, portalPageFiles, withDataBlock } from './portal-page.ts';

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

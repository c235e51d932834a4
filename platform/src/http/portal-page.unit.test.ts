import { describe, expect, it } from 'vitest';
import { jsonDataBlock, withDataBlock } from './portal-page.ts';

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

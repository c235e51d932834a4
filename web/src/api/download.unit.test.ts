import { describe, expect, it } from 'vitest';
import { DownloadHeaderError } from '@onboard/domain/web';
import { eifSummaryPath, fetchDownload } from './download.ts';

const answer = (headers: Record<string, string>, status = 200) => {
  const calls: RequestInit[] = [];
  const fake = (async (_path: string, init: RequestInit) => {
    calls.push(init);
    return new Response(new Uint8Array([37, 80, 68, 70]), { status, headers });
  }) as typeof fetch;
  return { fake, calls };
};

describe('fetchDownload', () => {
  it('sends credentials and returns the file with its name and type', async () => {
    const { fake, calls } = answer({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="EIF summary - Lakeside.pdf"',
    });
    const file = await fetchDownload('/api/x', { fetch: fake });
    expect(calls[0]!.credentials).toBe('include');
    expect(file.filename).toBe('EIF summary - Lakeside.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
  });

  it('throws when the Content-Disposition header is missing or not an attachment', async () => {
    await expect(
      fetchDownload('/api/x', { fetch: answer({ 'content-type': 'application/pdf' }).fake }),
    ).rejects.toThrow(DownloadHeaderError);
    await expect(
      fetchDownload('/api/x', {
        fetch: answer({ 'content-type': 'application/pdf', 'content-disposition': 'inline' }).fake,
      }),
    ).rejects.toThrow(/attachment; filename=/);
  });

  it('throws when the Content-Type header is missing', async () => {
    // A Response given a Uint8Array body sets no content type of its own.
    const { fake } = answer({ 'content-disposition': 'attachment; filename="a.pdf"' });
    await expect(fetchDownload('/api/x', { fetch: fake })).rejects.toThrow(/no Content-Type/);
  });
});

describe('eifSummaryPath', () => {
  it('carries the time zone as tz', () => {
    expect(eifSummaryPath('lakeside-manufacturing', 'America/New_York')).toBe(
      '/api/clients/lakeside-manufacturing/eif-summary?tz=America%2FNew_York',
    );
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { QueryState } from './QueryState.tsx';

const failure = (message: string) =>
  new ApiError({ status: 500, code: null, message, fieldErrors: {}, body: null });

const render = (props: Omit<Parameters<typeof QueryState<string>>[0], 'children'>) =>
  renderToStaticMarkup(
    createElement(QueryState<string>, { ...props, children: (data) => `content: ${data}` }),
  );

describe('QueryState', () => {
  // The error panel's support options read the stored configuration.
  beforeAll(() =>
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} }),
  );

  it('shows the skeleton while the read has no answer', () => {
    expect(render({ data: undefined, error: undefined })).toContain('aria-busy="true"');
  });

  it('shows the error when the read failed before it loaded, inside a page when asked', () => {
    const html = render({ data: undefined, error: failure('The list could not be read.'), isPage: true });
    expect(html).toMatch(/^<div class="page"><div class="alert alert--error"/);
    expect(html).toContain('The list could not be read.');
  });

  it('shows the content once loaded, and a later failure only as asked', () => {
    const error = failure('Gone.');
    expect(render({ data: 'rows', error })).toBe('content: rows');
    expect(render({ data: 'rows', error, staleError: 'above' })).toMatch(/Gone\..*content: rows$/);
    expect(render({ data: 'rows', error, staleError: 'instead' })).not.toContain('content');
    expect(render({ data: null, error: undefined })).toContain('aria-busy="true"');
  });
});

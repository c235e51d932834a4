import { readDownloadHeaders, type DownloadHeaders } from '@onboard/domain/web';
import { ApiError, interpretFailure, isInvalidTokenAnswer, noResponseError } from './errors.ts';
import { CSRF_COOKIE, CSRF_HEADER, readCookie, refreshSession } from './http.ts';
import { pathTo, type Body, type Params, type PathOf, type Query } from './client.ts';

/**
 * File downloads (onboarding §5 'Downloaded files', §8): the answer must carry Content-Type and an
 * `attachment; filename=` Content-Disposition, and one without them is an error, not a file saved
 * under a made-up name.
 */

export type DownloadedFile = DownloadHeaders & { blob: Blob };

type Fetch = typeof fetch;

export async function fetchDownload(
  path: string,
  options: { signal?: AbortSignal; fetch?: Fetch; body?: unknown } = {},
  isAfterRefresh = false,
): Promise<DownloadedFile> {
  const send = options.fetch ?? fetch;
  let response: Response;
  // A download that says why it is asked for (an unmasked file) is a POST with its JSON body.
  const csrf = options.body === undefined ? null : readCookie(document.cookie, CSRF_COOKIE);
  const post =
    options.body === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
          body: JSON.stringify(options.body),
        };
  try {
    response = await send(path, { credentials: 'include', signal: options.signal, ...post });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(noResponseError());
  }
  if (!response.ok) {
    const bodyText = await response.text();
    const contentType = response.headers.get('content-type');
    const outcome = interpretFailure(
      { status: response.status, contentType, bodyText },
      window.location.pathname,
    );
    // Same rule as every API call (platform §8): an expired access token is renewed once and retried.
    if (response.status === 401 && !isAfterRefresh && isInvalidTokenAnswer(bodyText, outcome.error.body)) {
      if (await refreshSession()) return fetchDownload(path, options, true);
    }
    throw new ApiError(outcome.error);
  }
  const headers = readDownloadHeaders((name) => response.headers.get(name));
  return { ...headers, blob: await response.blob() };
}

/**
 * The bytes at a same-origin address (the session's cookies go with it), for a viewer that draws them. A
 * document written a moment ago may not be in the read model yet: a 404 is asked again, briefly.
 */
export async function fetchBytes(path: string): Promise<Uint8Array> {
  let response = await fetch(path, { credentials: 'include' });
  for (let attempt = 1; response.status === 404 && attempt <= 6; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    response = await fetch(path, { credentials: 'include' });
  }
  if (!response.ok)
    throw new Error('The document could not be loaded. Please refresh the page and try again.');
  return new Uint8Array(await response.arrayBuffer());
}

/** Hands the file to the browser's save flow through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next task: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadFile(
  path: string,
  options: { signal?: AbortSignal; body?: unknown } = {},
): Promise<string> {
  const file = await fetchDownload(path, options);
  saveBlob(file.blob, file.filename);
  return file.filename;
}

/** Saves the file a GET route answers (its path, parameters and query the contract's). */
export const download = <P extends PathOf<'get'>>(path: P, params: Params<P>, query?: Query<'get', P>) =>
  downloadFile(pathTo(path, params, query));

/** Saves the file a POST route answers for its body (a download that says why it is asked for). */
export const downloadFor = <P extends PathOf<'post'>>(path: P, params: Params<P>, body: Body<'post', P>) =>
  downloadFile(pathTo(path, params), { body });

/** The browser's own zone, so the summary's times read as the user's clock shows them. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const eifSummaryPath = (clientId: string, timeZone: string = browserTimeZone()) =>
  pathTo('/api/clients/{clientId}/eif-summary', { clientId }, { tz: timeZone });

export const downloadEifSummary = (clientId: string) =>
  download('/api/clients/{clientId}/eif-summary', { clientId }, { tz: browserTimeZone() });

/** The sealed evidence pack of a client's onboarding (staff): signed forms, audit trails, EIF summary, event chain. */
export const downloadEvidencePack = (clientId: string) =>
  download('/api/clients/{clientId}/evidence-pack', { clientId });

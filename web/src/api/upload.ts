import type { MultipartFieldsOf } from '@onboard/api-contract';
import { ApiError, interpretFailure, isInvalidTokenAnswer, noResponseError } from './errors.ts';
import { pathTo, type Answer, type Params, type PathOf, type RouteAt } from './client.ts';
import { CSRF_COOKIE, CSRF_HEADER, readCookie, refreshSession } from './http.ts';

type Fields<P extends string> = MultipartFieldsOf<RouteAt<'post', P>>;

type UploadOptions<P extends string> = {
  params: Params<P>;
  /** One file as the body itself, or a multipart form of files and the contract's text fields. */
  body: File | { files: readonly File[]; fields: Fields<P> };
  /** The upload's share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** The type a file body is sent as, where not its own (or none is known). */
  contentType?: string;
};

function multipart(files: readonly File[], fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/**
 * A file upload of a route, through XMLHttpRequest because fetch reports no upload progress. A file as
 * the body goes with its type and its name (`x-file-name`); an expired access token is renewed once and
 * the upload retried (platform §8), as every API call does. Its answer is the contract's.
 */
export function upload<P extends PathOf<'post'>>(
  path: P,
  options: UploadOptions<P>,
  isAfterRefresh = false,
): Promise<Answer<'post', P>> {
  const { params, body, onProgress, contentType } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', pathTo(path, params));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (body instanceof File) {
      xhr.setRequestHeader('content-type', contentType ?? (body.type || 'application/octet-stream'));
      xhr.setRequestHeader('x-file-name', encodeURIComponent(body.name));
    }
    const csrf = readCookie(document.cookie, CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(noResponseError()));
    xhr.onload = () => {
      const bodyText = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((bodyText === '' ? null : JSON.parse(bodyText)) as Answer<'post', P>);
        return;
      }
      const { error } = interpretFailure(
        { status: xhr.status, contentType: xhr.getResponseHeader('content-type'), bodyText },
        window.location.pathname,
      );
      const failure = new ApiError(error);
      if (xhr.status === 401 && !isAfterRefresh && isInvalidTokenAnswer(bodyText, failure.body)) {
        void refreshSession().then((isRenewed) =>
          isRenewed ? upload(path, options, true).then(resolve, reject) : reject(failure),
        );
        return;
      }
      reject(failure);
    };
    xhr.send(body instanceof File ? body : multipart(body.files, body.fields as Record<string, unknown>));
  });
}

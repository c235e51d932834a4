import { loginPathFor, MAINTENANCE_PATH } from '../app/routes.ts';

/** Response handling of spec platform §8, kept pure so every branch is unit-tested. */
export const GENERIC_ERROR_MESSAGE = 'Oops! Something went wrong. Please try again.';
const NO_RESPONSE_MESSAGE = 'No response received!';
const BLOCKED_MARKER = 'Sorry, you have been blocked';
export const BLOCKED_MESSAGE =
  'Sorry, you have been blocked. This website is using a security service to protect itself from online attacks. The action you just performed triggered the security solution.';
const CLIENT_NOT_ACCESSIBLE = 'Client is not accessible at the moment';

export type ApiErrorDetails = {
  /** null when no response arrived at all. */
  status: number | null;
  code: string | null;
  /** What the user is shown. */
  message: string;
  /** Field errors keyed by form field name (`body.` prefix dropped, spec explorer §5). */
  fieldErrors: Record<string, string>;
  body: unknown;
};

export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  readonly fieldErrors: Record<string, string>;
  readonly body: unknown;

  constructor(details: ApiErrorDetails) {
    super(details.message);
    this.name = 'ApiError';
    this.status = details.status;
    this.code = details.code;
    this.fieldErrors = details.fieldErrors;
    this.body = details.body;
  }
}

export type FailureOutcome = { error: ApiErrorDetails; redirectTo: string | null };

export type FailedResponse = { status: number; contentType: string | null; bodyText: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function stringField(body: unknown, field: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

export function toFieldErrors(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const raw = (body as Record<string, unknown>).validationError;
  if (typeof raw !== 'object' || raw === null) return {};
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof message === 'string') fields[path.replace(/^body\./, '')] = message;
  }
  return fields;
}

/** The maintenance payload: the server marks it with this code (or a `maintenance: true` flag). */
function isMaintenancePayload(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return record.code === 'MAINTENANCE' || record.maintenance === true;
}

/**
 * The one 401 that does not send the user to login: an expired access token, which the client renews by
 * POST /api/auth/refresh and retries (spec platform §8, identity contract).
 */
export function isInvalidTokenAnswer(bodyText: string, body: unknown): boolean {
  return (
    bodyText.trim() === 'Invalid token' ||
    stringField(body, 'code') === 'INVALID_TOKEN' ||
    stringField(body, 'message') === 'Invalid token'
  );
}

/** Decides what the user sees and where the app goes for a non-2xx answer. */
export function interpretFailure(response: FailedResponse, currentPath: string): FailureOutcome {
  const { status, bodyText } = response;
  const isJson = (response.contentType ?? '').includes('json');
  const body = isJson ? parseJson(bodyText) : undefined;
  const serverMessage = stringField(body, 'message');
  const code = stringField(body, 'code');

  if (bodyText.includes(BLOCKED_MARKER)) {
    return {
      error: { status, code: 'BLOCKED_BY_CLOUDFLARE', message: BLOCKED_MESSAGE, fieldErrors: {}, body },
      redirectTo: null,
    };
  }

  const isClientError = status >= 400 && status < 500;
  const message = isClientError && serverMessage ? serverMessage : GENERIC_ERROR_MESSAGE;
  const error: ApiErrorDetails = { status, code, message, fieldErrors: toFieldErrors(body), body };

  if (status === 503 && isMaintenancePayload(body)) return { error, redirectTo: MAINTENANCE_PATH };
  if (status === 401 && !isInvalidTokenAnswer(bodyText, body)) {
    return { error, redirectTo: loginPathFor(currentPath) };
  }
  if (status === 403 && serverMessage === CLIENT_NOT_ACCESSIBLE)
    return { error, redirectTo: MAINTENANCE_PATH };
  return { error, redirectTo: null };
}

export function noResponseError(): ApiErrorDetails {
  return { status: null, code: null, message: NO_RESPONSE_MESSAGE, fieldErrors: {}, body: undefined };
}

const RETRYABLE_QUERY_STATUSES = new Set([502, 503, 504, 429, 499]);
const MAX_RETRIES = 2;

/**
 * Spec platform §9 query retry: up to 2 times for gateway/limit statuses and unknown errors, 1 s x attempt.
 * Returns the delay before retry `attempt` (1-based), or null for no retry.
 */
export function queryRetryDelay(error: unknown, attempt: number): number | null {
  if (attempt > MAX_RETRIES) return null;
  const isUnknown = !(error instanceof ApiError) || error.status === null;
  if (error instanceof ApiError && error.code === 'MAINTENANCE') return null;
  if (isUnknown || RETRYABLE_QUERY_STATUSES.has(error.status!)) return 1000 * attempt;
  return null;
}

/** Spec platform §9 mutation retry: only an invalid CSRF token, up to 2 times, 3 s x attempt. */
export function mutationRetryDelay(error: unknown, attempt: number): number | null {
  if (attempt > MAX_RETRIES) return null;
  if (error instanceof ApiError && error.status === 403 && error.code === 'INVALID_CSRF_TOKEN')
    return 3000 * attempt;
  return null;
}

/** What the user is shown when a write fails: the API's message (already the spec's), else the generic one. */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

/** As errorMessage, but a failure of the browser's own (a download, a file that cannot be read) says what it is. */
export const anyErrorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;

import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BLOCKED_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  interpretFailure,
  mutationRetryDelay,
  noResponseError,
  queryRetryDelay,
  toFieldErrors,
} from './errors.ts';

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  bodyText: JSON.stringify(body),
});
const here = '/client/c1/task/eif-submit-company-information/step/company-information/tax-id';

describe('interpretFailure (spec platform §8)', () => {
  it('sends a 401 to login with a redirect back to the current page', () => {
    const outcome = interpretFailure(json(401, { message: 'Not signed in' }), `${here}?tab=a`);
    expect(outcome.redirectTo).toBe(`/login?redirect=${encodeURIComponent(`${here}?tab=a`)}`);
    expect(outcome.error.message).toBe('Not signed in');
  });

  it('leaves a 401 "Invalid token" where it is', () => {
    expect(
      interpretFailure({ status: 401, contentType: 'text/plain', bodyText: 'Invalid token' }, here)
        .redirectTo,
    ).toBeNull();
    expect(interpretFailure(json(401, { message: 'Invalid token' }), here).redirectTo).toBeNull();
  });

  it('sends a 401 on the index page to plain login', () => {
    expect(interpretFailure(json(401, {}), '/').redirectTo).toBe('/login');
  });

  it('sends 403 "Client is not accessible at the moment" to maintenance', () => {
    const outcome = interpretFailure(json(403, { message: 'Client is not accessible at the moment' }), here);
    expect(outcome.redirectTo).toBe('/maintenance');
  });

  it('shows any other 403 message to the user', () => {
    const outcome = interpretFailure(json(403, { message: 'You may not edit this client' }), here);
    expect(outcome).toEqual({
      redirectTo: null,
      error: expect.objectContaining({ status: 403, message: 'You may not edit this client' }),
    });
  });

  it('sends a 503 maintenance payload to maintenance, but not a plain 503', () => {
    expect(interpretFailure(json(503, { code: 'MAINTENANCE' }), here).redirectTo).toBe('/maintenance');
    expect(interpretFailure(json(503, { maintenance: true }), here).redirectTo).toBe('/maintenance');
    const plain = interpretFailure(json(503, { message: 'upstream down' }), here);
    expect(plain.redirectTo).toBeNull();
    expect(plain.error.message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('recognises the Cloudflare block page', () => {
    const outcome = interpretFailure(
      {
        status: 403,
        contentType: 'text/html',
        bodyText: '<html><h1>Sorry, you have been blocked</h1></html>',
      },
      here,
    );
    expect(outcome.error).toMatchObject({ code: 'BLOCKED_BY_CLOUDFLARE', message: BLOCKED_MESSAGE });
  });

  it('gives the generic message for non-JSON errors and for 5xx server messages', () => {
    expect(
      interpretFailure({ status: 400, contentType: 'text/html', bodyText: '<b>bad</b>' }, here).error.message,
    ).toBe(GENERIC_ERROR_MESSAGE);
    expect(interpretFailure(json(500, { message: 'stack trace here' }), here).error.message).toBe(
      GENERIC_ERROR_MESSAGE,
    );
  });

  it('maps validation errors to field errors without the body. prefix (spec explorer §5)', () => {
    const outcome = interpretFailure(
      json(400, {
        code: 'VALIDATION_ERROR',
        message: 'Invalid input',
        validationError: { 'body.taxId': 'Bad tax id' },
      }),
      here,
    );
    expect(outcome.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { taxId: 'Bad tax id' },
      message: 'Invalid input',
    });
    expect(
      toFieldErrors({ validationError: { 'query.limit': 'too big', 'body.a.b': 'x', 'body.n': 3 } }),
    ).toEqual({
      'query.limit': 'too big',
      'a.b': 'x',
    });
  });

  it('shows a 429 in words, where it happened (the sign-in page included), without a redirect', () => {
    const outcome = interpretFailure(
      {
        status: 429,
        contentType: 'application/problem+json; charset=utf-8',
        bodyText: JSON.stringify({
          status: 429,
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Too many attempts. Try again in 15 minutes.',
          retryAfterSeconds: 900,
        }),
      },
      '/login',
    );
    expect(outcome.redirectTo).toBeNull();
    expect(outcome.error).toMatchObject({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
    // A sign-in is a mutation: a 429 is not retried behind the user's back.
    expect(mutationRetryDelay(new ApiError(outcome.error), 1)).toBeNull();
  });

  it('says "No response received!" when nothing came back', () => {
    expect(noResponseError()).toMatchObject({ status: null, message: 'No response received!' });
  });
});

const apiError = (status: number | null, code: string | null = null) =>
  new ApiError({ status, code, message: 'x', fieldErrors: {}, body: undefined });

describe('retry policy (spec platform §9)', () => {
  it('retries queries twice on gateway statuses and unknown errors, 1 s x attempt', () => {
    for (const status of [502, 503, 504, 429, 499]) {
      expect([1, 2, 3].map((attempt) => queryRetryDelay(apiError(status), attempt))).toEqual([
        1000,
        2000,
        null,
      ]);
    }
    expect(queryRetryDelay(new TypeError('boom'), 1)).toBe(1000);
    expect(queryRetryDelay(apiError(null), 2)).toBe(2000);
  });

  it('does not retry queries on other statuses or on maintenance', () => {
    for (const status of [400, 401, 403, 404, 409, 500])
      expect(queryRetryDelay(apiError(status), 1)).toBeNull();
    expect(queryRetryDelay(apiError(503, 'MAINTENANCE'), 1)).toBeNull();
  });

  it('retries mutations only on an invalid CSRF token, twice, 3 s x attempt', () => {
    const csrf = apiError(403, 'INVALID_CSRF_TOKEN');
    expect([1, 2, 3].map((attempt) => mutationRetryDelay(csrf, attempt))).toEqual([3000, 6000, null]);
    expect(mutationRetryDelay(apiError(403), 1)).toBeNull();
    expect(mutationRetryDelay(apiError(503), 1)).toBeNull();
    expect(mutationRetryDelay(new TypeError('offline'), 1)).toBeNull();
  });
});

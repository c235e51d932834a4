import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadErrorsOf, sendLead, type LeadBody } from './api.ts';
import { MESSAGES } from './i18n.ts';

describe('lead send errors (explorer §5, §7, §8)', () => {
  it('places a plain string error on the email field', () => {
    expect(leadErrorsOf('This email address cannot receive mail')).toEqual({
      fieldErrors: { email: 'This email address cannot receive mail' },
      isGeneral: false,
    });
    expect(leadErrorsOf({ validationError: 'Please enter a valid email address' })).toEqual({
      fieldErrors: { email: 'Please enter a valid email address' },
      isGeneral: false,
    });
    expect(leadErrorsOf({ error: 'Lead service unavailable for this address' })).toEqual({
      fieldErrors: { email: 'Lead service unavailable for this address' },
      isGeneral: false,
    });
  });

  it('maps validationError to fields without the leading body. prefix', () => {
    expect(
      leadErrorsOf({
        status: 400,
        code: 'VALIDATION',
        validationError: {
          'body.email': 'Please enter a valid email address',
          'body.brokerName': 'Broker name is required',
          'body.benefits.0': 'Need at least one selected benefit.',
          'query.limit': 'limit must be a whole number from 1 to 100',
          'body.body.note': 'only the first prefix goes',
        },
      }),
    ).toEqual({
      fieldErrors: {
        email: 'Please enter a valid email address',
        brokerName: 'Broker name is required',
        'benefits.0': 'Need at least one selected benefit.',
        'query.limit': 'limit must be a whole number from 1 to 100',
        'body.note': 'only the first prefix goes',
      },
      isGeneral: false,
    });
  });

  it('makes anything else a general form error', () => {
    const general = { fieldErrors: {}, isGeneral: true };
    expect(leadErrorsOf({ status: 500, code: 'INTERNAL', message: 'Something went wrong' })).toEqual(general);
    expect(leadErrorsOf(null)).toEqual(general);
    expect(leadErrorsOf(undefined)).toEqual(general);
  });
});

describe('sendLead', () => {
  const body: LeadBody = {
    explorerPageId: 'page-1',
    email: 'pat@example.com',
    firstName: 'Pat',
    lastName: 'Lee',
    city: 'Boston',
    state: 'MA',
    phone: '555-0100',
    externalUser: 'employer',
    employerName: 'Acme',
    brokerName: '',
  };
  afterEach(() => vi.unstubAllGlobals());

  it('posts the fields with the CSRF header and puts a string answer on the email field', async () => {
    vi.stubGlobal('document', { cookie: 'onboard_csrf=token-1' });
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify('We already have this address'), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await sendLead(body)).toEqual({
      ok: false,
      fieldErrors: { email: 'We already have this address' },
      isGeneral: false,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/explorer-pages/lead-generation/send');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('token-1');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('answers ok on success and a general error when the network fails', async () => {
    vi.stubGlobal('document', { cookie: 'onboard_csrf=token-1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ leadId: 'l1', status: 'SENT' }), { status: 201 })),
    );
    expect(await sendLead(body)).toEqual({ ok: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await sendLead(body)).toEqual({ ok: false, fieldErrors: {}, isGeneral: true });
  });

  it('says how long to wait when the address is throttled (429), in words in both languages', async () => {
    vi.stubGlobal('document', { cookie: 'onboard_csrf=token-1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              status: 429,
              code: 'TOO_MANY_ATTEMPTS',
              message: 'Too many attempts. Try again in 5 minutes.',
            }),
            { status: 429, headers: { 'retry-after': '241', 'content-type': 'application/problem+json' } },
          ),
      ),
    );
    const outcome = await sendLead(body);
    expect(outcome).toEqual({ ok: false, fieldErrors: {}, isGeneral: true, retryAfterMinutes: 5 });
    expect(MESSAGES.en.tooManyAttempts(5)).toBe('Too many attempts. Try again in 5 minutes.');
    expect(MESSAGES.es.tooManyAttempts(1)).toBe('Demasiados intentos. Vuelva a intentarlo en 1 minuto.');
  });
});

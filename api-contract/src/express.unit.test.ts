import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Request, RequestHandler, Response, Router } from 'express';
import { ValidationError } from '@onboard/domain';
import { defineRoute, json } from './index.ts';
import { mount } from './express.ts';

const getRevision = defineRoute({
  method: 'get',
  path: '/api/clients/{clientId}/revisions/{revision}',
  tag: 'clients',
  summary: 'One revision',
  request: { params: z.object({ clientId: z.string().min(1), revision: z.coerce.number().int().min(0) }) },
  responses: { 200: json(z.object({ revision: z.number() }), 'The revision') },
});

/** Mounts the route on a stand-in router and calls it with the given path parameters. */
async function callWith(params: Record<string, string>) {
  let mounted: RequestHandler | undefined;
  const router = {
    get: (_path: string, handler: RequestHandler) => (mounted = handler),
  } as unknown as Router;
  let parsed: unknown;
  mount(router, getRevision, async (_req, _res, input) => {
    parsed = input.params();
  });
  let failure: unknown;
  await new Promise<void>((resolve) => {
    mounted!({ params } as unknown as Request, {} as Response, (error?: unknown) => {
      failure = error;
      resolve();
    });
    setImmediate(resolve);
  });
  return { parsed, failure };
}

describe('mount', () => {
  it('parses the path parameters with the contract’s params schema', async () => {
    const { parsed } = await callWith({ clientId: 'acme', revision: '7' });
    expect(parsed).toEqual({ clientId: 'acme', revision: 7 });
  });

  it('refuses a bad path parameter as a 400 that names it', async () => {
    const { failure } = await callWith({ clientId: 'acme', revision: 'latest' });
    expect(failure).toBeInstanceOf(ValidationError);
    expect(Object.keys((failure as ValidationError).validationError)).toEqual(['params.revision']);
  });
});

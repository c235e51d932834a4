import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Request, RequestHandler, Response, Router } from 'express';
import { ValidationError } from '@onboard/domain';
import { checkAnswer, defineRoute, json, media } from './index.ts';
import { mount, type RouteHandler } from './express.ts';

const getRevision = defineRoute('GET /api/clients/{clientId}/revisions/{revision}', {
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

const downloadRevision = defineRoute('GET /api/clients/{clientId}/revisions/{revision}/file', {
  tag: 'clients',
  summary: 'One revision as a file',
  responses: { 200: media('application/pdf', 'The revision') },
});

/** What a handler sends through a stand-in response. */
async function answersOf<C extends typeof getRevision | typeof downloadRevision>(handler: RouteHandler<C>) {
  const sent: unknown[] = [];
  const res = { json: (body: unknown) => sent.push(body), send: (body: unknown) => sent.push(body) };
  await handler({} as Request, res as unknown as Parameters<RouteHandler<C>>[1], {} as never);
  return sent;
}

describe('a handler’s answer', () => {
  it('takes only what the contract’s success schema takes, as the answers are checked', async () => {
    const sent = await answersOf<typeof getRevision>(async (_req, res) => {
      res.json({ revision: 7 });
      // @ts-expect-error a value the schema does not take
      res.json({ revision: 'latest' });
      // @ts-expect-error no answer of this route is null
      res.json(null);
    });
    const checked = sent.map((body) =>
      checkAnswer([getRevision], {
        method: 'get',
        pathname: '/api/clients/acme/revisions/7',
        status: 200,
        contentType: 'application/json',
        body,
      }),
    );
    expect(checked[0]).toBeNull();
    expect(checked.slice(1)).toEqual([
      expect.stringContaining('revision'),
      expect.stringContaining('(root)'),
    ]);
  });

  it('is any body for a route whose success answer has no schema (a download)', async () => {
    const file = Buffer.from('%PDF-');
    const sent = await answersOf<typeof downloadRevision>(async (_req, res) => {
      res.send(file);
    });
    expect(sent).toEqual([file]);
    const answer = { method: 'get', status: 200, contentType: 'application/pdf', body: file };
    const pathname = '/api/clients/acme/revisions/7/file';
    expect(checkAnswer([downloadRevision], { ...answer, pathname })).toBeNull();
  });
});

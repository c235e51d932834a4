import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { ValidationError, contentDisposition } from '@onboard/domain';
import { expressPath, type RouteContract } from './index.ts';

type Schema<C extends RouteContract, K extends 'body' | 'query' | 'params'> = C['request'] extends {
  [key in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : never;

/**
 * The request's input, parsed with the contract's schemas when the handler asks: a handler checks who is
 * calling first, so a stranger's bad body is a 401, not a 400 that names fields.
 */
export type RouteInput<C extends RouteContract> = {
  body: () => Schema<C, 'body'>;
  query: () => Schema<C, 'query'>;
  /** The path's parameters, parsed with the contract's params schema (a bad one is a 400 `params.<name>`). */
  params: () => Schema<C, 'params'>;
};

type SuccessStatus = 200 | 201 | 202 | 203 | 206;

/** What a route answers with a JSON body: what the schema of any of its 2xx answers takes (`z.input`). */
export type AnswerOf<C extends RouteContract> = {
  [S in keyof C['responses']]: S extends SuccessStatus
    ? C['responses'][S] extends { schema: infer T extends z.ZodType }
      ? z.input<T>
      : never
    : never;
}[keyof C['responses']];

/** What `res.json(…)` and `res.send(…)` take: a route whose success answers have no schema (a download, a 204) sends anything. */
export type AnswerBody<C extends RouteContract> = [AnswerOf<C>] extends [never] ? unknown : AnswerOf<C>;

/**
 * The handler of a route, its answer checked against the contract's 2xx schemas. A handler shared by
 * a family of routes (generic over the contract) checks its answer against the family's schema and
 * gives it `as AnswerBody<C>`.
 */
export type RouteHandler<C extends RouteContract> = (
  req: Request,
  res: Response<AnswerBody<C>>,
  input: RouteInput<C>,
) => Promise<void>;

/** zod at the edge: a bad value is a 400 keyed `<where>.<path>` and nothing runs. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' | 'params',
): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues)
    fields[[where, ...issue.path.map(String)].join('.')] ??= issue.message;
  throw new ValidationError(fields);
}

/**
 * Mounts a handler at its contract's method and path; a rejected promise reaches the error middleware.
 * `before` runs first (a raw-body reader for a file upload, say).
 */
export function mount<C extends RouteContract>(
  router: Router,
  contract: C,
  handler: RouteHandler<C>,
  options: { before?: readonly RequestHandler[] } = {},
): void {
  const { body, query, params } = contract.request ?? {};
  router[contract.method](expressPath(contract.path), ...(options.before ?? []), (req, res, next) => {
    const input = {
      body: () => (body ? parseInput(body, req.body, 'body') : undefined),
      query: () => (query ? parseInput(query, req.query, 'query') : undefined),
      params: () => (params ? parseInput(params, req.params, 'params') : undefined),
    } as RouteInput<C>;
    handler(req, res, input).catch(next);
  });
}

/** A route bound to the handler that serves it, made when the router is built from the feature's context. */
export type HandledRoute<Ctx> = (router: Router, ctx: Ctx) => void;

/**
 * Pairs a contract with the factory of its handler, given the feature's context when mounted; `before`
 * makes from the same context what runs first (a raw-body reader for a file upload, say).
 */
export const handle =
  <C extends RouteContract, Ctx>(
    contract: C,
    handlerOf: (ctx: Ctx) => RouteHandler<C>,
    before?: (ctx: Ctx) => readonly RequestHandler[],
  ): HandledRoute<Ctx> =>
  (router, ctx) =>
    mount(router, contract, handlerOf(ctx), { before: before?.(ctx) });

/** A router serving each route, in order (a fixed segment before a parameter), with one context. */
export function routerOf<Ctx>(ctx: Ctx, routes: readonly HandledRoute<Ctx>[]): Router {
  const router = Router();
  for (const route of routes) route(router, ctx);
  return router;
}

/** A stored file sent as a private download: its own media type, kept by no cache, saved under its name. */
export function sendDownload(res: Response, file: { bytes: Uint8Array; name: string; mimeType: string }) {
  res
    .status(200)
    .set('content-type', file.mimeType)
    .set('cache-control', 'private, no-store')
    .set('content-disposition', contentDisposition(file.name))
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

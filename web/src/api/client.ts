import useSWR, { type SWRConfiguration } from 'swr';
import type { BodyOf, QueryOf, ResponseOf, RouteContract } from '@onboard/api-contract';
import type * as Commands from '@onboard/command-api/contracts';
import type * as Queries from '@onboard/query-api/contracts';
import { apiRequest, LIST_PAGE_LIMIT, type RequestOptions } from './http.ts';

/**
 * The web's API client, typed from the route contracts (command-api and query-api `contracts.ts`, types
 * only: no schema reaches the bundle). A call names its method and the contract's path template; the
 * path's parameters, the query, the body and the answer are the contract's own, so a path that no
 * contract declares, a missing parameter, a wrong body field or a misread answer fails the typecheck.
 */
/** The contracts a module exports, alone or gathered in objects and lists (each kind of user's routes). */
type ContractsIn<T, Depth extends unknown[] = []> = T extends RouteContract
  ? string extends T['path']
    ? never
    : T
  : Depth['length'] extends 3
    ? never
    : T extends { _zod: unknown } | ((...args: never[]) => unknown)
      ? never
      : T extends readonly (infer Item)[]
        ? ContractsIn<Item, [...Depth, 1]>
        : T extends object
          ? { [K in keyof T]: ContractsIn<T[K], [...Depth, 1]> }[keyof T]
          : never;

type Contract = ContractsIn<typeof Commands> | ContractsIn<typeof Queries>;
export type Method = Contract['method'];
/** The path templates of a method's routes: `/api/clients/{clientId}/tasks`. */
export type PathOf<M extends Method> = Extract<Contract, { method: M }>['path'];
export type RouteAt<M extends Method, P extends string> = Extract<Contract, { method: M; path: P }>;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
/** The values of a path template's parameters, by name. */
export type Params<P extends string> = { [Name in ParamNames<P>]: string | number };

type Success<C extends RouteContract> = ResponseOf<C, Extract<keyof C['responses'], 200 | 201 | 202>>;
/** What a route answers on success (200, 201 or 202); null for an answer without a body. */
export type Answer<M extends Method, P extends string> = P extends string
  ? [Success<RouteAt<M, P>>] extends [never]
    ? null
    : Success<RouteAt<M, P>>
  : never;
/** A GET route's answer. */
export type Read<P extends string> = Answer<'get', P>;
export type Body<M extends Method, P extends string> = P extends string ? BodyOf<RouteAt<M, P>> : never;
export type Query<M extends Method, P extends string> = [QueryOf<RouteAt<M, P>>] extends [never]
  ? Record<string, never>
  : QueryOf<RouteAt<M, P>>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** A path template filled in (each value encoded), with the query's set values after it. */
export function pathTo(template: string, params: object, query: unknown = {}): string {
  const values = params as Record<string, string | number>;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** The address (and SWR key) of a read. */
export const readKey = <P extends PathOf<'get'>>(path: P, params: Params<P>, query?: Query<'get', P>) =>
  pathTo(path, params, query);

type CallOptions<M extends Method, P extends string> = Omit<RequestOptions, 'body'> & {
  params: Params<P>;
  query?: Query<M, P>;
  /** The version read, sent as If-Match on a versioned write. */
  ifMatch?: number;
} & ([Body<M, P>] extends [never] ? { body?: undefined } : { body: Body<M, P> });

/** One call of a route: its path built from the parameters, its body and answer the contract's. */
export function call<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  options: CallOptions<M, P>,
): Promise<Answer<M, P>> {
  const { params, query, ifMatch, ...request } = options;
  const headers =
    ifMatch === undefined ? request.headers : { ...request.headers, 'If-Match': `"${ifMatch}"` };
  const verb = method.toUpperCase() as Uppercase<M>;
  return apiRequest<Answer<M, P>>(verb, pathTo(path, params, query), { ...request, headers });
}

/** The answer at a read's address (`readKey`): SWR's fetcher, and a read started before its page asks. */
export const readAt = (key: string, options: RequestOptions = {}): Promise<unknown> =>
  apiRequest('GET', key, options);

/** A GET call outside SWR (a picker's options, a check before a write). */
export const get = <P extends PathOf<'get'>>(path: P, params: Params<P>, query?: Query<'get', P>) =>
  call('get', path, { params, query } as CallOptions<'get', P>) as Promise<Read<P>>;

/**
 * One read through SWR, keyed by its address so a write can revalidate it (`mutate(readKey(...))`);
 * `params` null waits (no call) until what the read needs is known.
 */
export function useRead<P extends PathOf<'get'>>(
  path: P,
  params: Params<P> | null,
  query?: Query<'get', P>,
  config?: SWRConfiguration<Read<P>>,
) {
  return useSWR<Read<P>>(params ? readKey(path, params, query) : null, config ?? {});
}

type ListRoute = {
  [P in PathOf<'get'>]: Read<P> extends { items: readonly unknown[]; total: number } ? P : never;
}[PathOf<'get'>];
type ItemOf<P extends ListRoute> = Read<P> extends { items: readonly (infer Item)[] } ? Item : never;

/**
 * Every item of a paged list (`{ items, total }`), read a page at a time until the total is reached; for
 * pickers over lists that stay small (clients, staff), never for the tables that page on screen.
 */
export async function readAllPages<P extends ListRoute>(
  path: P,
  params: Params<P>,
  query: Query<'get', P> = {} as Query<'get', P>,
): Promise<ItemOf<P>[]> {
  const items: ItemOf<P>[] = [];
  for (let offset = 0; ; offset += LIST_PAGE_LIMIT) {
    const pageQuery = { ...(query as object), limit: LIST_PAGE_LIMIT, offset };
    const page = (await apiRequest('GET', pathTo(path, params, pageQuery))) as {
      items: ItemOf<P>[];
      total: number;
    };
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}

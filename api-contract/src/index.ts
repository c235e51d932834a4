import { z } from 'zod';

/**
 * A route's contract: its method, path, request and response schemas, written once in a `*.contract.ts`
 * file beside the handler (design brief, style 13). The handler mounts itself with it
 * (`@onboard/api-contract/express`), the OpenAPI document is assembled from every contract
 * (`@onboard/api-contract/openapi`), the web infers its types from it, and the integration tests check
 * every answer against it (`checkAnswer`). This entry is pure: zod only, safe for the browser.
 */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type ResponseSpec = {
  description: string;
  /** The body's schema; absent for an answer without a body (204) or one the document only names. */
  schema?: z.ZodType;
  /** `application/json` by default; problem answers are `application/problem+json`. */
  contentType?: string;
};

/** The parts of a `multipart/form-data` body, as the document lists them. */
export type MultipartSpec = {
  /** The text fields, by name (each part's value is a string). */
  fields?: z.ZodObject;
  /** The file parts: the field name they are listed under, what they are, and how many one body carries. */
  files: { name: string; description: string; maxCount: number };
};

export type RouteContract = {
  method: Method;
  /** OpenAPI form: `/api/clients/{clientId}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Signed-in calls send the session cookie and answer 401 without one (default true). */
  isSignedIn?: boolean;
  /** Writes that take the expected version in If-Match and answer 409 when it is stale. */
  isVersioned?: boolean;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodType;
    headers?: z.ZodObject;
    body?: z.ZodType;
    /** A body that is not JSON (a file upload): its media types, documented only. */
    bodyContentTypes?: readonly string[];
    /** A `multipart/form-data` body: its text fields and its file parts, documented only. */
    multipart?: MultipartSpec;
  };
  responses: Readonly<Record<number, ResponseSpec>>;
};

/** A route's method and OpenAPI path in one string, as a request line reads: `GET /api/clients/{clientId}`. */
export type Endpoint = `${Uppercase<Method>} /${string}`;
/** What a contract says besides its endpoint. */
export type RouteTerms = Omit<RouteContract, 'method' | 'path'>;
/** A contract of an endpoint: its terms with the endpoint's method (lower case) and path. */
export type EndpointRoute<E extends Endpoint, C> = Omit<C, 'method' | 'path'> & {
  method: MethodOf<E>;
  path: PathOf<E>;
};
type MethodOf<E extends Endpoint> = {
  [M in Method]: E extends `${Uppercase<M>} ${string}` ? M : never;
}[Method];
type PathOf<E extends Endpoint> = E extends `${string} ${infer P extends string}` ? P : never;

/** The method and path an endpoint names. */
const endpointParts = (endpoint: Endpoint) => {
  const space = endpoint.indexOf(' ');
  return { method: endpoint.slice(0, space).toLowerCase() as Method, path: endpoint.slice(space + 1) };
};

/** Declares a contract; `const` keeps the literal method, path and schemas for the inferred types. */
export const defineRoute = <const E extends Endpoint, const C extends RouteTerms>(
  endpoint: E,
  contract: C,
): EndpointRoute<E, C> => ({ ...contract, ...endpointParts(endpoint) }) as unknown as EndpointRoute<E, C>;

/** Problem details (RFC 9457) as the one error middleware writes them, with the stable `code`. */
export const Problem = z
  .object({
    type: z.string().optional(),
    title: z.string().optional(),
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    validationError: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Per field, keyed `body.<field>` (or `query.`, `params.`, `headers.`)' }),
    currentVersion: z.number().int().optional().meta({ description: 'On a 409: the version now stored' }),
  })
  .passthrough()
  .meta({ id: 'Problem' });

/**
 * One answer someone else changed since the editor's version, as a field-aware 409 lists it under
 * `conflicts`: the value stored now (theirs; null when the item was deleted), the one the edit would
 * write, and who changed it when.
 */
export type ConflictAnswer = {
  entity: string;
  entityId: string;
  /** null: the item itself was deleted (or the edit deletes an item whose answers changed). */
  attributeKey: string | null;
  label: string;
  theirs: unknown;
  yours: unknown;
  changedBy: { userId: string; role: string; name: string };
  changedAt: string;
};

export const json = <S extends z.ZodType>(schema: S, description: string) => ({ description, schema });
export const problem = (description: string) =>
  ({ description, schema: Problem, contentType: 'application/problem+json' }) as const;
export const noContent = (description: string) => ({ description });
/**
 * An answer that is not JSON (a download, a stream), named by its media type, or by a media range such
 * as `image/*` when the type is the stored file's own.
 */
export const media = (contentType: string, description: string) => ({ description, contentType });

/** The named path parameters, each a non-empty string: `pathParams('clientId', 'taskId')`. */
export const pathParams = <const N extends string>(...names: N[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.string().min(1)])) as Record<N, z.ZodString>);

/** How a list's paging fields word their refusals: a number that is not whole, one out of its range. */
export type PagingWords = Record<'limit' | 'offset', { wholeNumber: string; range: string }>;

const USE_WORDS: PagingWords = {
  limit: { wholeNumber: 'Use a whole number', range: 'Use 1 to 100' },
  offset: { wholeNumber: 'Use a whole number', range: 'Use 0 or more' },
};

/**
 * A list's paging (onboarding §7 "Lists"): `limit` is the page size (1 to 100, 25 by default), `offset`
 * (page-1) × page size. A query's values come as text: each is read as a number first.
 */
export const paging = ({ limit, offset }: PagingWords = USE_WORDS) => ({
  limit: z.coerce.number().int(limit.wholeNumber).min(1, limit.range).max(100, limit.range).default(25),
  offset: z.coerce.number().int(offset.wholeNumber).min(0, offset.range).default(0),
});

const MIN_VERSION_MESSAGE = 'minVersion must be a whole number';
/** Read-your-writes: at least the version the reader last saw (the answer waits briefly for it). */
export const minVersion = z.coerce
  .number({ error: MIN_VERSION_MESSAGE })
  .int({ error: MIN_VERSION_MESSAGE })
  .min(0, { error: MIN_VERSION_MESSAGE })
  .optional();

/** The error answers many routes give in the same words. */
export const errors = {
  notStaff: { 403: problem('Not staff') },
  notYours: { 403: problem('Not yours') },
  notAllowed: { 403: problem('Not allowed') },
  notOwner: { 403: problem('Not the owner') },
  noClient: { 404: problem('No such client') },
  noUser: { 404: problem('No such user') },
  /** A body whose fields are refused, each refusal keyed by its field. */
  invalidFields: { 400: problem('Invalid fields, keyed body.<field>') },
} as const;

/** What the routes of one family share: the tag, the path's parameters and the answers they all give. */
export type RouteFamily = {
  tag: string;
  params?: z.ZodObject;
  responses?: Readonly<Record<number, ResponseSpec>>;
};

type FieldOf<T, K extends PropertyKey> = T extends { readonly [k in K]: infer V } ? V : Record<never, never>;
type Overlaid<Base, Own> = Omit<Base, keyof Own> & Own;

/** A route of a family: the family's tag, its params unless the route names its own, both sets of answers. */
export type FamilyRoute<F extends RouteFamily, C extends Omit<RouteContract, 'tag'>> = Omit<
  C,
  'request' | 'responses'
> & {
  tag: F['tag'];
  request: Overlaid<
    F extends { params: infer P } ? { params: P } : Record<never, never>,
    FieldOf<C, 'request'>
  >;
  responses: Overlaid<FieldOf<F, 'responses'>, C['responses']>;
};

/**
 * Declares the routes of one family (a feature's routes on one kind of path): each is a contract as
 * `defineRoute` takes it, less what the family gives it.
 */
export const routeFamily =
  <const F extends RouteFamily>(family: F) =>
  <const E extends Endpoint, const C extends Omit<RouteTerms, 'tag'>>(
    endpoint: E,
    contract: C,
  ): FamilyRoute<F, EndpointRoute<E, C>> =>
    ({
      ...contract,
      ...endpointParts(endpoint),
      tag: family.tag,
      request: { ...(family.params && { params: family.params }), ...contract.request },
      responses: { ...family.responses, ...contract.responses },
    }) as unknown as FamilyRoute<F, EndpointRoute<E, C>>;

/** Whether a Content-Type header (parameters aside) falls within a declared media type or range. */
const isWithin = (contentType: string | null, declared: string) => {
  const [type = '', subtype = ''] = (contentType ?? '').split(';')[0]!.trim().toLowerCase().split('/');
  const [wantType, wantSubtype] = declared.toLowerCase().split('/');
  return (wantType === '*' || wantType === type) && (wantSubtype === '*' || wantSubtype === subtype);
};

/** The body a client sends (before zod's defaults and transforms). */
export type BodyOf<C extends RouteContract> = C['request'] extends { body: infer S extends z.ZodType }
  ? z.input<S>
  : never;
/** The text fields of a multipart body a client sends. */
export type MultipartFieldsOf<C extends RouteContract> = C['request'] extends {
  multipart: { fields: infer S extends z.ZodType };
}
  ? z.input<S>
  : never;
export type QueryOf<C extends RouteContract> = C['request'] extends { query: infer S extends z.ZodType }
  ? z.input<S>
  : never;
/** The answer of a status (by default the route's success answer). */
export type ResponseOf<
  C extends RouteContract,
  Status extends keyof C['responses'] = Extract<keyof C['responses'], 200 | 201>,
> = C['responses'][Status] extends { schema: infer S extends z.ZodType } ? z.output<S> : never;

/** `/api/clients/{clientId}` → `/api/clients/:clientId`. */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const templateRegExp = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '[^/]+')}$`);

/**
 * The contract that answers a request, by method and path; a literal segment wins over a parameter, as in
 * the routers (`/api/users/slfs` before `/api/users/{userId}`).
 */
export function findRoute<C extends RouteContract>(
  contracts: readonly C[],
  method: string,
  pathname: string,
): C | undefined {
  const candidates = contracts.filter(
    (c) => c.method === method.toLowerCase() && templateRegExp(c.path).test(pathname),
  );
  const literalLength = (c: C) => c.path.replace(/\{\w+\}/g, '').length;
  return candidates.sort((a, b) => literalLength(b) - literalLength(a))[0];
}

/**
 * Whether an answer keeps its route's contract: its status is declared (or added to every route by the
 * document, see `implicitResponses`), its JSON body parses with the declared schema, and an answer declared
 * as another media type comes as that type. Null when it does, else what is wrong.
 */
export function checkAnswer(
  contracts: readonly RouteContract[],
  answer: { method: string; pathname: string; status: number; contentType: string | null; body: unknown },
): string | null {
  const route = findRoute(contracts, answer.method, answer.pathname);
  const at = `${answer.method.toUpperCase()} ${answer.pathname} → ${answer.status}`;
  if (!route) return answer.status === 404 ? null : `${at}: no contract declares this route`;
  const declared = { ...implicitResponses(route), ...route.responses }[answer.status];
  if (!declared) return `${at}: status not declared by ${route.method} ${route.path}`;
  if (!declared.schema && declared.contentType && !isWithin(answer.contentType, declared.contentType))
    return `${at}: answers ${answer.contentType ?? 'no content type'}, not ${declared.contentType}`;
  const isJson = /json/.test(answer.contentType ?? '');
  if (!declared.schema || !isJson) return null;
  const result = declared.schema.safeParse(answer.body);
  if (result.success) return null;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return `${at}: answer does not match ${route.method} ${route.path}: ${issues.slice(0, 5).join('; ')}`;
}

/**
 * Answers every route may give without naming them: 401 for signed-in calls, 403 for writes (the CSRF
 * check runs first), 409 for versioned writes, 400 for invalid fields (and, on any route, an address or
 * query that is malformed or holds NUL or a lone surrogate: the input-hygiene layer), 415 where a JSON
 * body is taken, 404 under /api/clients/{clientId} (a deleted client, or an archived one for all but staff:
 * the client standing check in front of every client call), and 503 with Retry-After while a service the
 * route needs is down.
 */
export function implicitResponses(route: RouteContract): Record<number, ResponseSpec> {
  const request = route.request ?? {};
  const hasInput = Boolean(request.body || request.query || request.params || route.isVersioned);
  const responses: Record<number, ResponseSpec> = {};
  responses[400] = problem(hasInput ? 'Invalid fields' : 'A malformed address or query');
  if (request.body) responses[415] = problem('Not JSON, or a charset or content encoding not read');
  responses[503] = problem('A service it needs is down: the maintenance answer, with Retry-After');
  if (route.isSignedIn ?? true) responses[401] = problem('Not signed in, or the session expired');
  if (route.method !== 'get') responses[403] = problem('Not allowed, or a missing or wrong CSRF header');
  if (route.isVersioned) responses[409] = problem('Changed since the given version');
  if (route.path.startsWith('/api/clients/{clientId}'))
    responses[404] = problem('No such client, or archived (visible to staff only)');
  return responses;
}

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/**
 * Every contract a set of contract modules exports (`import * as users from './routes.contract.ts'`),
 * one by one or in arrays (routes made from a table), each once.
 */
export const collectContracts = (...modules: Record<string, unknown>[]): RouteContract[] => [
  ...new Set(
    modules.flatMap((module) =>
      Object.values(module).flatMap((value) => (Array.isArray(value) ? value : [value]).filter(isContract)),
    ),
  ),
];

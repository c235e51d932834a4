import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { implicitResponses, type MultipartSpec, type ResponseSpec, type RouteContract } from './index.ts';

export type DocumentOptions = {
  title: string;
  version: string;
  description: string;
  /** The httpOnly session cookie signed-in calls carry. */
  sessionCookie: string;
  /** The double-submit CSRF header every write carries, and the cookie it must equal. */
  csrf: { header: string; cookie: string };
};

const binary = () => z.string().meta({ format: 'binary' });

/** A JSON answer's schema; a file or a stream is named by its media type only. */
const content = (spec: ResponseSpec) =>
  spec.schema
    ? { content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } }
    : spec.contentType
      ? { content: { [spec.contentType]: { schema: binary() } } }
      : {};

/** A multipart body as one object: its text fields, and its file parts (one, or an array of them). */
const multipartSchema = ({ fields, files }: MultipartSpec) =>
  z.object({
    ...(fields?.shape ?? {}),
    [files.name]:
      files.maxCount === 1
        ? binary().meta({ description: files.description })
        : z.array(binary()).min(1).max(files.maxCount).meta({ description: files.description }),
  });

/** One operation of the document, from one contract: nothing about a route is written here. */
function toRouteConfig(contract: RouteContract, options: DocumentOptions): RouteConfig {
  const { method, path, tag, summary, description, isVersioned, request = {} } = contract;
  const isSignedIn = contract.isSignedIn ?? true;
  const headers = z.object({
    ...(request.headers?.shape ?? {}),
    ...(method === 'get'
      ? {}
      : {
          [options.csrf.header]: z.string().meta({ description: `Equals the ${options.csrf.cookie} cookie` }),
        }),
    ...(isVersioned
      ? { 'if-match': z.string().optional().meta({ description: 'The version the change was made against' }) }
      : {}),
  });
  const body = request.body
    ? { body: { content: { 'application/json': { schema: request.body } } } }
    : request.multipart
      ? { body: { content: { 'multipart/form-data': { schema: multipartSchema(request.multipart) } } } }
      : request.bodyContentTypes
        ? {
            body: {
              content: Object.fromEntries(
                request.bodyContentTypes.map((type) => [type, { schema: binary() }]),
              ),
            },
          }
        : {};
  const responses = { ...implicitResponses(contract), ...contract.responses };
  return {
    method,
    path,
    tags: [tag],
    summary,
    ...(description ? { description } : {}),
    ...(isSignedIn ? { security: [{ session: [] }] } : {}),
    request: {
      ...(request.params ? { params: request.params } : {}),
      ...(request.query instanceof z.ZodObject ? { query: request.query } : {}),
      ...(Object.keys(headers.shape).length > 0 ? { headers } : {}),
      ...body,
    },
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, spec]) => [
        status,
        { description: spec.description, ...content(spec) },
      ]),
    ),
  };
}

/** Registers every contract's operation, and the session cookie they name. */
export function registerContracts(
  registry: OpenAPIRegistry,
  contracts: readonly RouteContract[],
  options: DocumentOptions,
) {
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: options.sessionCookie,
    description: 'The httpOnly session cookie',
  });
  for (const contract of contracts) registry.registerPath(toRouteConfig(contract, options));
}

/** The published API (OpenAPI 3.1), assembled from every route's contract. */
export function buildOpenApiDocument(contracts: readonly RouteContract[], options: DocumentOptions) {
  const registry = new OpenAPIRegistry();
  registerContracts(registry, contracts, options);
  return generate(registry, options);
}

export function generate(registry: OpenAPIRegistry, options: DocumentOptions) {
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
  });
  return withNullableReferences(document);
}

/**
 * The generator writes a nullable registered schema as `allOf: [{$ref}, {type: ['object', 'null']}]`,
 * which null never satisfies (it fails the $ref): rewritten as `anyOf: [{$ref}, {type: 'null'}]`.
 */
function withNullableReferences<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item: unknown) => withNullableReferences(item)) as T;
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const allOf = record.allOf;
  if (Array.isArray(allOf) && allOf.length === 2) {
    const [ref, other] = allOf as Record<string, unknown>[];
    const type = other?.type;
    if (
      typeof ref?.$ref === 'string' &&
      other &&
      Object.keys(other).length === 1 &&
      Array.isArray(type) &&
      type.includes('null')
    ) {
      const { allOf: _dropped, ...rest } = record;
      return { ...rest, anyOf: [ref, { type: 'null' }] } as T;
    }
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withNullableReferences(v)])) as T;
}

import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { generate, registerContracts, type DocumentOptions } from '@onboard/api-contract/openapi';
import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER } from '@onboard/command-api/auth';
import { allContracts } from './contracts.ts';

/**
 * The published API (served at /api/openapi.json), assembled from every route's contract: the files
 * beside the handlers declare each route once (ARCHITECTURE.md, "Routes and their contracts"); nothing
 * about a route is written here. Every write carries the double-submit CSRF header; a 400 lists the
 * offending fields under `validationError`.
 */
const DOCUMENT_OPTIONS: DocumentOptions = {
  title: 'Onboard API',
  version: '1.0.0',
  description:
    'Commands and reads of the Onboard portal. Errors are problem-details JSON with a stable code.',
  sessionCookie: ACCESS_COOKIE,
  csrf: { header: CSRF_HEADER, cookie: CSRF_COOKIE },
};

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registerContracts(registry, allContracts, DOCUMENT_OPTIONS);
  return generate(registry, DOCUMENT_OPTIONS);
}

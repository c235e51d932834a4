import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { UpdateClientBody } from '../../../command-api/src/index.ts';

extendZodWithOpenApi(z);

const Problem = z.object({
  status: z.number(),
  code: z.string(),
  message: z.string(),
  validationError: z.record(z.string(), z.string()).optional(),
});

const ClientView = z
  .object({
    id: z.string(),
    name: z.string(),
    version: z.number().int(),
    taxId: z.string().nullable(),
    policies: z.array(z.record(z.string(), z.unknown())),
    plans: z.array(z.record(z.string(), z.unknown())),
  })
  .passthrough();

const ChangeRecord = z.object({
  entity: z.string(),
  entityId: z.string(),
  createdAt: z.string(),
  createdByUser: z.object({ id: z.string(), role: z.string() }),
  changeDetails: z.array(
    z.object({
      attributeKey: z.string(),
      value: z.unknown(),
      previousValue: z.unknown(),
      status: z.enum(['pending', 'accepted', 'declined']),
      createdAt: z.string(),
    }),
  ),
});

const clientId = z.string().openapi({ param: { name: 'clientId', in: 'path' } });
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The published API, generated from the same zod schemas the routes validate with. */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerPath({
    method: 'get',
    path: '/api/clients/{clientId}',
    request: { params: z.object({ clientId }) },
    responses: {
      200: json(ClientView, 'The client'),
      403: json(Problem, 'Not yours'),
      404: json(Problem, 'No such client'),
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/clients/{clientId}',
    request: {
      params: z.object({ clientId }),
      headers: z.object({
        'if-match': z.string().optional().openapi({ description: 'The version the edit was made against' }),
        'x-csrf-token': z.string(),
      }),
      body: { content: { 'application/json': { schema: UpdateClientBody } } },
    },
    responses: {
      200: json(ClientView, 'The client after the change'),
      400: json(Problem, 'Invalid fields, keyed body.<field>'),
      409: json(Problem, 'The client changed since the given version'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/clients/{clientId}/change-log/deif-changes',
    request: { params: z.object({ clientId }) },
    responses: { 200: json(z.array(ChangeRecord), 'Change records, oldest first') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/events/stream',
    responses: {
      200: {
        description: 'Server-Sent Events: QPS_PUSH_STATUS and EMAIL_SENT',
        content: { 'text/event-stream': { schema: z.string() } },
      },
    },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Onboard API', version: '1.0.0' },
  });
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkAnswer,
  defineRoute,
  errors,
  findRoute,
  json,
  media,
  noContent,
  pathParams,
  problem,
  routeFamily,
  type RouteContract,
} from './index.ts';
import { buildOpenApiDocument } from './openapi.ts';

const user = defineRoute('GET /api/users/{userId}', {
  tag: 'users',
  summary: 'A user',
  request: { params: z.object({ userId: z.string() }) },
  responses: { 200: json(z.object({ id: z.string() }), 'The user'), 404: problem('No such user') },
});
const internal = defineRoute('GET /api/users/slfs', {
  tag: 'users',
  summary: 'Internal users',
  responses: { 200: json(z.array(z.object({ id: z.string() })), 'Admins and owners') },
});
const remove = defineRoute('DELETE /api/users/{userId}', {
  tag: 'users',
  summary: 'Delete',
  isVersioned: true,
  responses: { 204: noContent('Deleted') },
});
const contracts = [user, internal, remove];
const documentOf = (routes: RouteContract[]) =>
  buildOpenApiDocument(routes, {
    title: 'T',
    version: '1',
    description: 'D',
    sessionCookie: 'session',
    csrf: { header: 'x-csrf', cookie: 'csrf' },
  });
const answer = (method: string, pathname: string, status: number, body: unknown) => ({
  method,
  pathname,
  status,
  contentType: 'application/json; charset=utf-8',
  body,
});

describe('route contracts', () => {
  it('finds the route of a request, a literal segment before a parameter', () => {
    expect(findRoute(contracts, 'GET', '/api/users/slfs')).toBe(internal);
    expect(findRoute(contracts, 'GET', '/api/users/u-1')).toBe(user);
    expect(findRoute(contracts, 'DELETE', '/api/users/u-1')).toBe(remove);
    expect(findRoute(contracts, 'GET', '/api/users/u-1/more')).toBeUndefined();
  });

  it('accepts an answer that keeps the contract, and says what breaks one', () => {
    expect(checkAnswer(contracts, answer('GET', '/api/users/u-1', 200, { id: 'u-1' }))).toBeNull();
    expect(checkAnswer(contracts, answer('GET', '/api/users/u-1', 200, { name: 'x' }))).toMatch(
      /answer does not match get \/api\/users\/\{userId\}: id:/,
    );
    expect(checkAnswer(contracts, answer('GET', '/api/users/u-1', 500, {}))).toMatch(/status not declared/);
    expect(checkAnswer(contracts, answer('GET', '/api/nowhere', 200, {}))).toMatch(/no contract/);
  });

  it('lets every route answer the implicit statuses: 401 signed in, 403 writes, 409 versioned writes', () => {
    const refused = { status: 403, code: 'FORBIDDEN', message: 'Forbidden' };
    expect(
      checkAnswer(contracts, answer('GET', '/api/users/slfs', 401, { ...refused, status: 401 })),
    ).toBeNull();
    expect(checkAnswer(contracts, answer('DELETE', '/api/users/u-1', 403, refused))).toBeNull();
    expect(
      checkAnswer(contracts, answer('DELETE', '/api/users/u-1', 409, { ...refused, status: 409 })),
    ).toBeNull();
    expect(checkAnswer(contracts, answer('GET', '/api/users/slfs', 403, refused))).toMatch(
      /status not declared/,
    );
  });

  it('checks that an answer declared as another media type comes as that type', () => {
    const route = (path: `/${string}`, contentType: string) =>
      defineRoute(`GET ${path}`, {
        tag: 'files',
        summary: 'Not JSON',
        responses: { 200: media(contentType, 'Not JSON'), 404: problem('None') },
      });
    const pdf = route('/api/pdf', 'application/pdf');
    const file = route('/api/file', '*/*');
    const images = route('/api/image', 'image/*');
    const at = (pathname: string, contentType: string | null) => ({
      method: 'GET',
      pathname,
      status: 200,
      contentType,
      body: '',
    });
    const routes = [pdf, file, images];
    expect(checkAnswer(routes, at('/api/pdf', 'application/pdf'))).toBeNull();
    expect(checkAnswer(routes, at('/api/pdf', 'Application/PDF; charset=binary'))).toBeNull();
    expect(checkAnswer(routes, at('/api/pdf', 'application/json; charset=utf-8'))).toMatch(
      /answers application\/json; charset=utf-8, not application\/pdf/,
    );
    expect(checkAnswer(routes, at('/api/pdf', null))).toMatch(/no content type, not application\/pdf/);
    expect(checkAnswer(routes, at('/api/file', 'video/mp4'))).toBeNull();
    expect(checkAnswer(routes, at('/api/image', 'image/png'))).toBeNull();
    expect(checkAnswer(routes, at('/api/image', 'text/html'))).toMatch(/not image\/\*/);
    const doc = documentOf([pdf]);
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(paths['/api/pdf']!.get!.responses['200']).toEqual({
      description: 'Not JSON',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
  });

  it('documents a nullable named schema so that null is valid', () => {
    const Named = z.object({ id: z.string() }).meta({ id: 'Named' });
    const maybe = defineRoute('GET /api/maybe', {
      tag: 'users',
      summary: 'Maybe',
      isSignedIn: false,
      responses: { 200: json(Named.nullable(), 'The thing, or null') },
    });
    const sure = defineRoute('GET /api/sure', { ...maybe, responses: { 200: json(Named, 'The thing') } });
    const doc = documentOf([sure, maybe]);
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(paths['/api/maybe']!.get!.responses['200']).toMatchObject({
      content: {
        'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/Named' }, { type: 'null' }] } },
      },
    });
  });

  it("lists a multipart upload's text fields and file parts", () => {
    const upload = defineRoute('POST /api/uploads', {
      tag: 'files',
      summary: 'Upload',
      request: {
        multipart: {
          fields: z.object({ category: z.string(), policyId: z.string().optional() }),
          files: { name: 'files', description: 'The files', maxCount: 3 },
        },
      },
      responses: { 201: noContent('Kept') },
    });
    const one = defineRoute('POST /api/upload', {
      ...upload,
      request: { multipart: { files: { name: 'file', description: 'One file', maxCount: 1 } } },
    });
    const doc = documentOf([upload, one]);
    const paths = doc.paths as Record<string, Record<string, { requestBody: unknown }>>;
    expect(paths['/api/uploads']!.post!.requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              category: { type: 'string' },
              policyId: { type: 'string' },
              files: {
                type: 'array',
                minItems: 1,
                maxItems: 3,
                items: { type: 'string', format: 'binary' },
                description: 'The files',
              },
            },
            required: ['category', 'files'],
          },
        },
      },
    });
    expect(paths['/api/upload']!.post!.requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: {
            properties: { file: { type: 'string', format: 'binary', description: 'One file' } },
            required: ['file'],
          },
        },
      },
    });
  });

  it('assembles the document from the contracts alone', () => {
    const doc = documentOf(contracts);
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths).sort()).toEqual(['/api/users/slfs', '/api/users/{userId}']);
    expect(Object.keys(paths['/api/users/{userId}']!.delete!.responses).sort()).toEqual([
      '204',
      '400',
      '401',
      '403',
      '409',
      '503',
    ]);
    expect(doc.components?.schemas).toHaveProperty('Problem');
  });

  it("gives a family's routes its tag, its params unless a route names its own, and both sets of answers", () => {
    const taskRoute = routeFamily({
      tag: 'tasks',
      params: pathParams('clientId', 'taskId'),
      responses: { ...errors.notStaff, 404: problem('No such task') },
    });
    const Status = z.object({ status: z.string() });
    const status = taskRoute('PUT /api/clients/{clientId}/tasks/{taskId}/status', {
      summary: 'Status',
      request: { body: Status },
      responses: { 200: json(Status, 'The task'), 404: problem('Gone') },
    });
    const schedule = taskRoute('POST /api/clients/{clientId}/tasks/schedule', {
      summary: 'Schedule',
      request: { params: pathParams('clientId') },
      responses: { 204: noContent('Scheduled') },
    });
    expect(status.tag).toBe('tasks');
    expect(Object.keys(status.request.params.shape)).toEqual(['clientId', 'taskId']);
    expect(status.request.body.safeParse({ status: 'Done' }).success).toBe(true);
    expect(status.request.params.safeParse({ clientId: 'c-1', taskId: '' }).success).toBe(false);
    expect(Object.keys(status.responses).sort()).toEqual(['200', '403', '404']);
    expect(status.responses[404].description).toBe('Gone');
    expect(status.responses[403].description).toBe('Not staff');
    expect(Object.keys(schedule.request.params.shape)).toEqual(['clientId']);
    expect(Object.keys(schedule.responses).sort()).toEqual(['204', '403', '404']);
    expect(
      checkAnswer([status], answer('PUT', '/api/clients/c-1/tasks/t-1/status', 200, { status: 'Done' })),
    ).toBeNull();
  });
});

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError, Actor } from '@onboard/domain';
import { documentQueryRoutes } from './routes.ts';

const staff: Actor = { userId: 'u1', role: 'SLF_ADMIN', clientIds: [] } as unknown as Actor;

/** A read model with one document whose file the store never hands over. */
const pool = {
  query: async (sql: string) => {
    if (sql.includes('from rm_clients')) return { rows: [{}], rowCount: 1 };
    return {
      rows: [
        {
          client_id: 'c1',
          document_id: 'd1',
          document_key: 'k1',
          name: 'a.pdf',
          mime_type: 'application/pdf',
        },
      ],
      rowCount: 1,
    };
  },
} as unknown as pg.Pool;

describe('a zip whose files take longer than the limit', () => {
  let server: ReturnType<express.Express['listen']>;
  let url = '';
  beforeAll(async () => {
    const app = express();
    app.use(
      documentQueryRoutes({
        pool,
        authenticate: async () => staff,
        store: { readStream: async () => [] },
        documents: { get: () => new Promise(() => undefined) },
        videos: { get: async () => null },
        zipTimeoutMs: 50,
      }),
    );
    const answer: ErrorRequestHandler = (error, _req, res, _next) => {
      const e = error as AppError;
      res.status(e.status ?? 500).json({ code: e.code, message: e.message });
    };
    app.use(answer);
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('answers FILE_ZIPPING_TIMEOUT with its message instead of a zip', async () => {
    const response = await fetch(`${url}/api/clients/c1/zipped-documents/ids?documentIds[]=d1`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      code: 'FILE_ZIPPING_TIMEOUT',
      message: 'The documents took too long to zip. Download fewer at once.',
    });
  });
});

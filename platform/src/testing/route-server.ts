import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cookieParser from 'cookie-parser';
import express, { type RequestHandler } from 'express';
import type { Logger } from '../logger.ts';
import { apiNotFound, errorMiddleware } from '../http/errors.ts';

export type ServedRoutes = { url: string; close: () => Promise<void> };

/** Starts `server` on a free port of 127.0.0.1: its base URL, and what closes it. */
async function listenOnFreePort(server: Server): Promise<ServedRoutes> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Routers on a small server of their own, mounted as the app mounts them: cookies and JSON bodies read
 * first, then the routers, then a 404 problem for any other /api path and the error middleware.
 */
export function serveRoutes(logger: Logger, ...routers: RequestHandler[]): Promise<ServedRoutes> {
  const routes = express();
  routes.use(cookieParser());
  routes.use(express.json());
  for (const router of routers) routes.use(router);
  routes.use('/api', apiNotFound);
  routes.use(errorMiddleware(logger));
  return listenOnFreePort(createServer(routes));
}

import type { Server } from 'node:http';
import express, { Router, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexRoutes, patternSource } from './route-index.ts';

const answer =
  (name: string): RequestHandler =>
  (req, res) => {
    res.json({ name, params: req.params, url: req.url, baseUrl: req.baseUrl });
  };

/** Routers of every shape the app mounts, and some it does not. */
function shapes() {
  const clients = Router();
  clients.get('/api/clients/:clientId', answer('client'));
  clients.put('/api/clients/:clientId', answer('save client'));
  clients.delete('/api/clients/:clientId/items/:itemId/', answer('delete item'));
  clients.all('/api/clients/:clientId/any', answer('any method'));
  const files = Router();
  files.get('/api/files/*rest', answer('file'));
  files.post('/api/files/:"quoted name"/copy', answer('copy'));
  const mounted = Router({ mergeParams: true });
  mounted.get('/', answer('mounted root'));
  mounted.post('/:id', answer('mounted post'));
  const inner = Router();
  inner.patch('/api/inner/:id', answer('inner'));
  const outer = Router();
  outer.use(inner);
  outer.use('/api/mounted/:tenant', mounted);
  const guarded = Router();
  guarded.use('/api/guarded', (_req, res, next) => {
    res.setHeader('x-guarded', '1');
    next();
  });
  guarded.get('/api/guarded/thing', answer('guarded'));
  const everywhere = Router();
  everywhere.use((_req, res, next) => {
    res.setHeader('x-everywhere', '1');
    next();
  });
  everywhere.get('/api/everywhere', answer('everywhere'));
  const optional = Router();
  optional.get('/api/optional{/:part}', answer('optional'));
  const failing = Router();
  failing.get('/api/fails', () => {
    throw new Error('failed');
  });
  failing.use(((error, _req, res, _next) => {
    res.status(500).json({ error: String(error) });
  }) as express.ErrorRequestHandler);
  return { clients, files, outer, guarded, everywhere, optional, failing };
}

function app(indexed: boolean) {
  const routers = shapes();
  const app = express();
  for (const router of Object.values(routers)) app.use(router);
  app.use((req, res) => {
    res.status(404).json({ none: `${req.method} ${req.url}` });
  });
  if (indexed) indexRoutes(app);
  return { app, routers };
}

const listen = (handler: express.Express) =>
  new Promise<Server>((done) => {
    const server = handler.listen(0, '127.0.0.1', () => done(server));
  });
const urlOf = (server: Server) => {
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

const REQUESTS: [string, string][] = [
  ['GET', '/api/clients/lakeside'],
  ['GET', '/API/Clients/Lakeside'],
  ['GET', '/api/clients/lakeside/'],
  ['GET', '/api/clients/lakeside?x=1'],
  ['HEAD', '/api/clients/lakeside'],
  ['PUT', '/api/clients/lakeside'],
  ['POST', '/api/clients/lakeside'],
  ['OPTIONS', '/api/clients/lakeside'],
  ['DELETE', '/api/clients/lakeside/items/7'],
  ['DELETE', '/api/clients/lakeside/items/7/'],
  ['PATCH', '/api/clients/lakeside/any'],
  ['GET', '/api/clients/a%2Fb'],
  ['GET', '/api/clients/'],
  ['GET', '//api/clients/lakeside'],
  ['GET', '/api/files/a/b/c.pdf'],
  ['GET', '/api/files/'],
  ['POST', '/api/files/x/copy'],
  ['PATCH', '/api/inner/3'],
  ['PATCH', '/api/inner/3/more'],
  ['GET', '/api/mounted/t1'],
  ['GET', '/api/mounted/t1/'],
  ['POST', '/api/mounted/t1/9'],
  ['GET', '/api/mounted/t1x'],
  ['GET', '/api/guarded/thing'],
  ['GET', '/api/guarded/nothing'],
  ['GET', '/api/guardedx'],
  ['GET', '/api/everywhere'],
  ['GET', '/api/optional'],
  ['GET', '/api/optional/part'],
  ['GET', '/api/fails'],
  ['GET', '/api/nothing-here'],
];

describe('routers behind their gates', () => {
  let plain: Server;
  let indexed: Server;
  beforeAll(async () => {
    plain = await listen(app(false).app);
    indexed = await listen(app(true).app);
  });
  afterAll(() => {
    plain.close();
    indexed.close();
  });

  it.each(REQUESTS)('answer %s %s as Express does without them', async (method, path) => {
    const [expected, actual] = await Promise.all(
      [plain, indexed].map(async (server) => {
        const res = await fetch(`${urlOf(server)}${path}`, { method });
        return {
          status: res.status,
          body: await res.text(),
          allow: res.headers.get('allow'),
          guarded: res.headers.get('x-guarded'),
          everywhere: res.headers.get('x-everywhere'),
        };
      }),
    );
    expect(actual).toEqual(expected);
  });

  it('pass over a router with nothing for the request', async () => {
    const { app: handler, routers } = app(true);
    // What Express calls on entering a router (router 2; its types leave it out).
    const entered = (router: Router) => vi.spyOn(router as unknown as { handle: () => void }, 'handle');
    const files = entered(routers.files);
    const clients = entered(routers.clients);
    const server = await listen(handler);
    try {
      expect((await fetch(`${urlOf(server)}/api/clients/lakeside`, { method: 'PUT' })).status).toBe(200);
      expect(files).not.toHaveBeenCalled();
      expect(clients).toHaveBeenCalledTimes(1);
      expect((await fetch(`${urlOf(server)}/api/clients/lakeside/items/1`, { method: 'PUT' })).status).toBe(
        404,
      );
      expect(clients).toHaveBeenCalledTimes(1);
    } finally {
      server.close();
    }
  });
});

describe('a route pattern as a regular expression', () => {
  it('matches a segment for a parameter and the rest for a wildcard', () => {
    expect(patternSource('/api/clients/:clientId/')).toBe('\\/api\\/clients\\/[^/]+');
    expect(patternSource('/api/files/*rest')).toBe('\\/api\\/files\\/[\\s\\S]+');
    expect(patternSource('/')).toBe('\\/');
  });

  it('leaves groups and escapes to Express', () => {
    expect(patternSource('/api/optional{/:part}')).toBeNull();
    expect(patternSource('/api/a\\:b')).toBeNull();
  });
});

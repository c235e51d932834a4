import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Express walks every layer of every router in order for each request, matching each route's pattern in
 * turn: some 280 routes in about 40 routers, most of them for other paths. `indexRoutes` puts a gate in
 * front of each router below the app: one regular expression per method, made from the patterns of the
 * routes and mounts inside it, that says whether the request could match anything there; when it cannot,
 * the router is passed over without entering it. A gate may let in a request Express then matches to
 * nothing, never the reverse: a router with middleware for every path, or a pattern the gate cannot read,
 * is always entered. OPTIONS requests are let in by path alone (a router answers them with `Allow`).
 */

/** What a router's stack holds at run time (router 2). */
type Layer = {
  rawPath?: unknown;
  route?: { methods: Record<string, boolean | undefined> };
  handle: RequestHandler & { stack?: Layer[] };
};
type Router = { stack: Layer[] };

/** Regular-expression sources of what a router could match, by lower-case method; `any` for every method. */
type Patterns = { byMethod: Map<string, string[]>; any: string[] };
const ALWAYS = 'always';

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A path-to-regexp 8 pattern as a regular-expression source matching at least what it matches, case
 * aside: `:name` a segment, `*name` the rest; null for syntax it leaves to Express (groups, escapes).
 */
export function patternSource(pattern: string): string | null {
  // Express drops a pattern's trailing slashes and accepts one on the request (non-strict routing).
  const path = pattern === '/' ? pattern : pattern.replace(/\/+$/, '');
  let source = '';
  for (let i = 0; i < path.length;) {
    const char = path[i]!;
    if (char === ':' || char === '*') {
      i += 1;
      if (path[i] === '"') {
        const end = path.indexOf('"', i + 1);
        if (end === -1) return null;
        i = end + 1;
      } else {
        const name = /^[$_\p{ID_Continue}]+/u.exec(path.slice(i));
        if (!name) return null;
        i += name[0].length;
      }
      source += char === ':' ? '[^/]+' : '[\\s\\S]+';
    } else if ('{}()[]?+!\\'.includes(char)) {
      return null;
    } else {
      source += escapeLiteral(char);
      i += 1;
    }
  }
  return source;
}

const pathsOf = (rawPath: unknown): unknown[] => (Array.isArray(rawPath) ? rawPath : [rawPath]);

const isRouter = (handle: Layer['handle']): handle is Layer['handle'] & { stack: Layer[] } =>
  Array.isArray(handle.stack);

/**
 * A mount's sources: its path as a prefix, then what is inside it, matched against the rest of the path
 * (Express strips the prefix and makes an empty rest `/`).
 */
function mountSources(rawPath: unknown, inside: string[]): string[] | typeof ALWAYS {
  const sources: string[] = [];
  for (const path of pathsOf(rawPath)) {
    if (path === '/') return ALWAYS;
    const prefix = typeof path === 'string' ? patternSource(path) : null;
    if (prefix === null) return ALWAYS;
    sources.push(...inside.map((source) => `${prefix}(?:$|${source})`));
  }
  return sources;
}

function collect(stack: Layer[]): Patterns | typeof ALWAYS {
  const patterns: Patterns = { byMethod: new Map(), any: [] };
  // Once always entered, the walk goes on only to gate the routers further down.
  let always = false;
  const add = (method: string | null, sources: string[]) => {
    if (method === null) return void patterns.any.push(...sources);
    patterns.byMethod.set(method, [...(patterns.byMethod.get(method) ?? []), ...sources]);
  };
  for (const layer of stack) {
    if (layer.route) {
      const sources: string[] = [];
      for (const path of pathsOf(layer.rawPath)) {
        const source = typeof path === 'string' ? patternSource(path) : null;
        if (source === null) always = true;
        else sources.push(`${source}/?$`);
      }
      const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
      for (const method of methods) add(method === '_all' ? null : method, sources);
      continue;
    }
    // Error middleware runs only after a layer inside has run.
    if (layer.handle.length === 4) continue;
    if (!isRouter(layer.handle)) {
      // Middleware runs for every request under its path, whatever the method.
      const sources = mountSources(layer.rawPath, ['/']);
      if (sources === ALWAYS) always = true;
      else add(null, sources);
      continue;
    }
    const inside = gate(layer);
    if (inside === ALWAYS) {
      always = true;
      continue;
    }
    const mountedAtRoot = pathsOf(layer.rawPath).every((path) => path === '/');
    for (const [method, sources] of [...inside.byMethod, [null, inside.any] as const]) {
      const mounted = mountedAtRoot ? sources : mountSources(layer.rawPath, sources);
      if (mounted === ALWAYS) always = true;
      else add(method, mounted);
    }
  }
  return always ? ALWAYS : patterns;
}

/** Whether a request could match inside the router (`null`: it never could for this method). */
type Gate = (method: string) => RegExp | null;
type GatedRouter = RequestHandler & { stack: Layer[]; gate: Gate; enter: RequestHandler };

/** The path Express matches (before any query), or null when Express must parse the URL itself. */
function pathOf(req: Request): string | null {
  const url = req.url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // An absolute URL or a fragment.
  return path[0] !== '/' || path.includes('#') ? null : path;
}

/** Puts the gate in front of the router a layer mounts; answers what the router could match. */
function gate(layer: Layer): Patterns | typeof ALWAYS {
  const router = layer.handle as Layer['handle'] & { stack: Layer[] };
  const patterns = collect(router.stack);
  if (patterns === ALWAYS) return ALWAYS;
  const every = [...patterns.any, ...[...patterns.byMethod.values()].flat()];
  const compile = (sources: string[]) =>
    sources.length === 0 ? null : new RegExp(`^(?:${sources.join('|')})`, 'i');
  const byMethod = new Map<string, RegExp | null>([['options', compile(every)]]);
  const forMethod: Gate = (method) => {
    let regexp = byMethod.get(method);
    if (regexp === undefined) {
      const own = patterns.byMethod.get(method) ?? [];
      // A HEAD request is answered by a GET route.
      const get = method === 'head' ? (patterns.byMethod.get('get') ?? []) : [];
      regexp = compile([...patterns.any, ...own, ...get]);
      byMethod.set(method, regexp);
    }
    return regexp;
  };
  const gated = (req: Request, res: Response, next: NextFunction) => {
    const path = pathOf(req);
    if (path === null) return router(req, res, next);
    const regexp = forMethod(req.method.toLowerCase());
    if (regexp === null || !regexp.test(path)) return next();
    return router(req, res, next);
  };
  layer.handle = Object.assign(gated, { stack: router.stack, gate: forMethod, enter: router });
  return patterns;
}

const isGated = (handle: Layer['handle']): handle is GatedRouter => 'gate' in handle;

/**
 * One layer for a run of gated routers side by side at the root: it enters, in order, only those whose
 * gate lets the request in, instead of Express stepping through each of them. An error from one ends the
 * run, as in Express (a router does not handle errors from before it).
 */
function dispatcher(run: GatedRouter[]): RequestHandler {
  const byMethod = new Map<string, { regexp: RegExp; router: RequestHandler }[]>();
  const candidates = (method: string) => {
    let list = byMethod.get(method);
    if (list === undefined) {
      list = run.flatMap((router) => {
        const regexp = router.gate(method);
        return regexp === null ? [] : [{ regexp, router: router.enter }];
      });
      byMethod.set(method, list);
    }
    return list;
  };
  return (req, res, next) => {
    const path = pathOf(req);
    const list =
      path === null
        ? run.map((router) => ({ regexp: null, router: router.enter }))
        : candidates(req.method.toLowerCase());
    let i = 0;
    const step = (error?: unknown) => {
      if (error) return next(error);
      while (i < list.length) {
        const { regexp, router } = list[i++]!;
        if (regexp === null || regexp.test(path!)) return router(req, res, step);
      }
      next();
    };
    step();
  };
}

/**
 * Gates every router mounted below `app`, and makes each run of them at the root one layer (once, after
 * every route is mounted).
 */
export function indexRoutes(app: { router: unknown }) {
  const stack = (app.router as Router).stack;
  for (const layer of stack) if (isRouter(layer.handle) && !layer.route) gate(layer);
  const atRoot = (layer: Layer) =>
    !layer.route && isGated(layer.handle) && pathsOf(layer.rawPath).every((path) => path === '/');
  for (let start = 0; start < stack.length; start += 1) {
    let end = start;
    while (end < stack.length && atRoot(stack[end]!)) end += 1;
    if (end - start < 2) continue;
    const run = stack.slice(start, end).map((layer) => layer.handle as GatedRouter);
    stack[start]!.handle = dispatcher(run);
    stack.splice(start + 1, end - start - 1);
  }
}

import { resourceCommandRoutes } from '@onboard/command-api/resources';
import { resourceQueryRoutes } from '@onboard/query-api/resources';
import { commandDepsOf, type Wiring } from './context.ts';

/** A client's resources: links and documents. */
export function wireResources(w: Wiring) {
  const { app, has, pool, documents, identity } = w;
  if (has('command-api')) app.use(resourceCommandRoutes({ ...commandDepsOf(w), documents }));
  if (has('query-api'))
    app.use(resourceQueryRoutes({ pool, authenticate: identity.authenticate, documents }));
}

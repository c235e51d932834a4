import { portalChatCommandRoutes } from '@onboard/command-api/support';
import { portalChatQueryRoutes } from '@onboard/query-api/support';
import { commandDepsOf, type Wiring } from './context.ts';

/** The portal's support chat. */
export function wireSupport(w: Wiring) {
  if (w.has('command-api')) w.app.use(portalChatCommandRoutes(commandDepsOf(w)));
  if (w.has('query-api'))
    w.app.use(portalChatQueryRoutes({ pool: w.pool, authenticate: w.identity.authenticate }));
}

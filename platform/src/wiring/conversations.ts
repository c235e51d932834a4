import { conversationCommandRoutes } from '@onboard/command-api/conversations';
import { conversationQueryRoutes } from '@onboard/query-api/conversations';
import { commandDepsOf, type Wiring } from './context.ts';

/** A client's conversations with staff. */
export function wireConversations(w: Wiring) {
  if (w.has('command-api')) w.app.use(conversationCommandRoutes({ ...commandDepsOf(w), pool: w.pool }));
  if (w.has('query-api'))
    w.app.use(
      conversationQueryRoutes({ pool: w.pool, authenticate: w.identity.authenticate, keys: w.dataKeys }),
    );
}

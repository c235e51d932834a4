import { dataFeedCommandRoutes } from '@onboard/command-api/data-feed';
import { dataFeedQueryRoutes } from '@onboard/query-api/data-feed';
import { commandDepsOf, mailOf, type Wiring } from './context.ts';

/** The enrolment data feed (X12 834) files. */
export function wireDataFeed(w: Wiring) {
  const { app, has, store, documents, identity } = w;
  if (has('command-api')) app.use(dataFeedCommandRoutes({ ...commandDepsOf(w), documents, ...mailOf(w) }));
  if (has('query-api'))
    app.use(dataFeedQueryRoutes({ store, authenticate: identity.authenticate, documents }));
}

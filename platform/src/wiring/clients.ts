import { clientLifecycleRoutes, createCommandApi, outsideSignerRoutes } from '@onboard/command-api';
import { createQueryApi, eifHistoryRoutes, eifSignaturesRoutes, eifSummaryRoutes } from '@onboard/query-api';
import { commandDepsOf, mailOf, type Wiring } from './context.ts';

/** The client's form (EIF), its lifecycle, its history, summary and signatures, and the outside signer. */
export function wireClients(w: Wiring) {
  const { app, has, store, snapshots, pool, now, identity } = w;
  const { authenticate } = identity;
  if (has('command-api')) {
    const commandDeps = commandDepsOf(w);
    app.use(createCommandApi({ ...commandDeps, people: pool }));
    app.use(clientLifecycleRoutes({ ...commandDeps, pool }));
    app.use(outsideSignerRoutes({ ...commandDeps, pool, ...mailOf(w) }));
  }
  if (has('query-api')) {
    app.use(createQueryApi({ pool, authenticate, now }));
    app.use(eifHistoryRoutes({ store, snapshots, authenticate, pool }));
    app.use(eifSummaryRoutes({ store, snapshots, authenticate }));
    app.use(eifSignaturesRoutes({ store, authenticate }));
  }
}

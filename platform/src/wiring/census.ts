import { censusCommandRoutes } from '@onboard/command-api/census';
import { censusQueryRoutes } from '@onboard/query-api/census';
import type { Gateway } from '@onboard/query-api';
import { commandDepsOf, type Wiring } from './context.ts';

/** A policy's census: uploads, validation and corrections; a running validation's progress from the gateway. */
export function wireCensus(w: Wiring, gateway: Gateway | null) {
  const { app, has, store, bus, pool, documents, identity } = w;
  if (has('command-api')) app.use(censusCommandRoutes({ ...commandDepsOf(w), documents, bus, pool }));
  if (gateway)
    app.use(
      censusQueryRoutes({
        store,
        authenticate: identity.authenticate,
        documents,
        progressOf: (id) => gateway.censusProgress(id),
      }),
    );
}

import type { RequestHandler } from 'express';
import { NotFoundError, isInternal, type Actor } from '@onboard/domain';
import type { ClientStanding } from '@onboard/command-api/auth';

type Authenticate = {
  (req: Parameters<RequestHandler>[0]): Promise<Actor | null>;
  withClientStanding: (req: Parameters<RequestHandler>[0], clientId: string) => Promise<ClientStanding>;
};

/**
 * Every call under /api/clients/{clientId}, read or write: a deleted client is not found for anyone; an
 * archived one is not found for anyone but staff (platform §7 archive). Read from the client-lifecycle
 * read model, so a client from before lifecycles (no row) passes; a signed-in call's session is read in
 * the same statement (`withClientStanding`), and its route takes the actor from there.
 */
export function clientStandingGate({ authenticate }: { authenticate: Authenticate }): RequestHandler {
  return (req, _res, next) => {
    authenticate
      .withClientStanding(req, String(req.params.clientId ?? ''))
      .then(async (standing) => {
        if (!standing) return next();
        if (standing.deleted) return next(new NotFoundError('Client not found'));
        if (standing.isArchived) {
          const actor = await authenticate(req);
          if (!actor || !isInternal(actor)) return next(new NotFoundError('Client not found'));
        }
        next();
      })
      .catch(next);
  };
}

import { Router } from 'express';
import { personalDataStream } from '@onboard/events';
import { ForbiddenError, personalDataDecider, type ErasureCommand } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { decideOnStream, unversioned } from '../http/decide.ts';
import { erasePersonalData } from './routes.contract.ts';

/** The data keys as erasure needs them (platform/src/personal-data/data-keys.ts). */
export type ErasableKeys = {
  employeeReference: (clientId: string, employeeId: string) => Promise<string>;
  /** Whether a live data key exists for the client, or for one employee of it. */
  hasKeys: (clientId: string, employeeRef: string | null) => Promise<boolean>;
  destroy: (clientId: string, employeeRef: string | null) => Promise<number>;
};

export type PersonalDataCommandDeps = CommandDeps & { keys: ErasableKeys };

/**
 * Erasure by crypto-shredding (owners): the decision is written first (PersonalDataErased through the
 * one command handler), then the keys are destroyed. Should the keys' destruction fail after the event, a
 * client's erasure is asked again (it may be repeated); the retention job's run destroys what its event
 * names.
 */
export function personalDataCommandRoutes(deps: PersonalDataCommandDeps): Router {
  const router = Router();
  mount(router, erasePersonalData, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    if (actor.role !== 'SLF_OWNER')
      throw new ForbiddenError('Only staff with the owner role erase personal data');
    const body = input.body();
    let employeeRef: string | null = null;
    let hasData = true;
    if (body.scope === 'EMPLOYEE' && body.employeeId) {
      employeeRef = await deps.keys.employeeReference(clientId, body.employeeId);
      hasData = await deps.keys.hasKeys(clientId, employeeRef);
    }
    const { events } = await decideOnStream(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: personalDataStream(clientId),
      decider: personalDataDecider,
      retriesOnRace: 2,
      build: (_state, metadata): ErasureCommand => ({
        type: 'ErasePersonalData',
        data: { clientId, scope: body.scope, employeeRef, hasData, reason: body.reason },
        metadata,
      }),
    });
    const keys = await deps.keys.destroy(clientId, employeeRef);
    res.json({ scope: body.scope, erasedAt: events[0]!.data.erasedAt, keys });
  });
  return router;
}

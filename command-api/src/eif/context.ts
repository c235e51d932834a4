import type { Request, Response } from 'express';
import { clientViewAnswer, type ClientViewAnswer } from '@onboard/api-contract/views';
import { withPeople } from '@onboard/api-contract/people';
import {
  ForbiddenError,
  NotFoundError,
  isInternal,
  toClientView,
  type Actor,
  type ClientView,
  type EifState,
} from '@onboard/domain';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';

/** Reviewing post-sign changes and undoing consultant edits are internal staff's work (platform §6). */
export function requireStaff(actor: Actor) {
  if (!isInternal(actor)) throw new ForbiddenError('Only internal staff can review changes');
}

/** What every handler of the EIF lifecycle shares: the dependencies, the caller's access, the answer. */
export type EifCommands = ReturnType<typeof eifCommands>;

export function eifCommands(deps: CommandDeps) {
  /** The caller, allowed to `access` the client the path names. */
  const callerOn = async (req: Request, access: 'read' | 'update' = 'update') => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, access);
    return { actor, clientId };
  };

  /** The view as answered: who signed and reviewed, by name (the screens show the answer at once). */
  const viewAnswer = async (view: ClientView) =>
    clientViewAnswer(deps.people ? await withPeople(deps.people, view) : view);

  /** One answer for the lifecycle routes: the accepted view with its version as ETag. */
  const answer = async (res: Response<ClientViewAnswer>, state: EifState, revision: bigint) => {
    const view = toClientView(state, revision);
    if (!view) throw new NotFoundError('Client not found');
    res.setHeader('ETag', `"${view.version}"`);
    res.json(await viewAnswer(view));
  };

  return { deps, callerOn, viewAnswer, answer };
}

import { Router } from 'express';
import { z } from 'zod';
import { ForbiddenError, NotFoundError, isInternal, type Actor } from '../../../domain/src/index.ts';
import { executeEifCommand } from '../clients/routes.ts';
import { handle, requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { parseBody, parseIfMatch } from '../http/validate.ts';

const ChangeSelection = z.union([
  z.literal('all'),
  z.array(z.string().min(1)).min(1, 'Choose at least one change'),
]);
export const AcceptBody = z.object({ changeIds: ChangeSelection }).strict();
export const DeclineBody = z
  .object({
    changeIds: ChangeSelection,
    reason: z.string().trim().min(1, 'Please provide a reason for declining'),
  })
  .strict();

/** Reviewing post-sign changes and undoing consultant edits are internal staff's work (platform §6). */
function requireStaff(actor: Actor) {
  if (!isInternal(actor)) throw new ForbiddenError('Only internal staff can review changes');
}

/**
 * The EIF lifecycle commands (onboarding §4): signing, marking post-sign changes ready for review,
 * accepting, declining with a reason, and undoing the implementation consultant's edits.
 */
export function eifCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

  const run = (
    path: string,
    prepare: (actor: Actor, clientId: string, body: unknown) => Parameters<typeof executeEifCommand>[3],
  ) =>
    router.post(
      path,
      handle(async (req, res) => {
        const actor = await requireActor(deps.authenticate, req);
        const clientId = String(req.params.clientId);
        requireClientAccess(actor, clientId, 'update');
        const build = prepare(actor, clientId, req.body);
        const view = await executeEifCommand(
          deps,
          actor,
          clientId,
          build,
          parseIfMatch(req.header('if-match')),
          req.header('x-correlation-id') ?? deps.newId(),
        );
        if (!view) throw new NotFoundError('Client not found');
        res.setHeader('ETag', `"${view.version}"`);
        res.json(view);
      }),
    );

  run('/api/clients/:clientId/eif/sign', (actor, clientId) => {
    // The authorized signer is the client's ben-admin, or its broker acting as authorized signer.
    if (actor.role !== 'BEN_ADMIN' && actor.role !== 'BROKER') {
      throw new ForbiddenError('Only the authorized signer can sign the form');
    }
    const signerKind = actor.role === 'BROKER' ? 'BROKER_AS_AUTHORIZED_SIGNER' : 'AUTHORIZED_SIGNER';
    return (context) => ({ type: 'SignEif', clientId, signerKind, outsideSignerActionId: null, ...context });
  });

  run('/api/clients/:clientId/eif/changes/ready-for-review', (_actor, clientId) => (context) => ({
    type: 'MarkChangesReadyForReview',
    clientId,
    ...context,
  }));

  run('/api/clients/:clientId/eif/changes/accept', (actor, clientId, rawBody) => {
    requireStaff(actor);
    const body = parseBody(AcceptBody, rawBody);
    return (context) => ({ type: 'AcceptChanges', clientId, changeIds: body.changeIds, ...context });
  });

  run('/api/clients/:clientId/eif/changes/decline', (actor, clientId, rawBody) => {
    requireStaff(actor);
    const body = parseBody(DeclineBody, rawBody);
    return (context) => ({
      type: 'DeclineChanges',
      clientId,
      changeIds: body.changeIds,
      reason: body.reason,
      ...context,
    });
  });

  run('/api/clients/:clientId/undo-ic-edits', (actor, clientId) => {
    requireStaff(actor);
    return (context) => ({ type: 'UndoIcEdits', clientId, ...context });
  });

  return router;
}

import { NotFoundError, type Actor } from '@onboard/domain';
import type { AnswerBody, RouteHandler, RouteInput } from '@onboard/api-contract/express';
import { executeEifCommand } from '../clients/routes.ts';
import { parseIfMatch } from '../http/validate.ts';
import type {
  acceptChanges,
  declineChanges,
  markChangesReadyForReview,
  undoIcEdits,
} from './routes.contract.ts';
import { requireStaff, type EifCommands } from './context.ts';

type Lifecycle =
  typeof markChangesReadyForReview | typeof acceptChanges | typeof declineChanges | typeof undoIcEdits;

/** What a lifecycle route decides: the EIF command, made once the caller is checked. */
type Prepare<C extends Lifecycle> = (
  actor: Actor,
  clientId: string,
  input: RouteInput<C>,
) => Parameters<typeof executeEifCommand>[3];

/** A lifecycle command on the client's EIF, answered with the view after it. */
export const lifecycle =
  <C extends Lifecycle>({ deps, callerOn, viewAnswer }: EifCommands, prepare: Prepare<C>): RouteHandler<C> =>
  async (req, res, input) => {
    const { actor, clientId } = await callerOn(req);
    const build = prepare(actor, clientId, input);
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
    res.json((await viewAnswer(view)) as AnswerBody<C>);
  };

export const markReady: Prepare<typeof markChangesReadyForReview> = (_actor, clientId) => () => ({
  type: 'MarkChangesReadyForReview',
  data: { clientId },
});

export const accept: Prepare<typeof acceptChanges> = (actor, clientId, input) => {
  requireStaff(actor);
  const body = input.body();
  return () => ({
    type: 'AcceptChanges',
    data: { clientId, changeIds: body.changeIds ?? [], answers: body.answers },
  });
};

export const decline: Prepare<typeof declineChanges> = (actor, clientId, input) => {
  requireStaff(actor);
  const body = input.body();
  return () => ({
    type: 'DeclineChanges',
    data: { clientId, changeIds: body.changeIds ?? [], answers: body.answers, reason: body.reason },
  });
};

export const undo: Prepare<typeof undoIcEdits> = (actor, clientId) => {
  requireStaff(actor);
  return () => ({ type: 'UndoIcEdits', data: { clientId } });
};

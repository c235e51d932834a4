import { Router, type Response } from 'express';
import { clientViewAnswer, type ClientViewAnswer } from '@onboard/api-contract/views';
import {
  ForbiddenError,
  NotFoundError,
  RuleError,
  ValidationError,
  entityKey,
  isInternal,
  toClientView,
  type ClientView,
  type Actor,
  type EifState,
  decideSigner,
  signerSettingOf,
  SIGNED_SECTIONS,
} from '@onboard/domain';
import { requestContext } from '../http/decide.ts';
import { confirmSignedChanges } from './signatures.ts';
import { loadUser } from '../auth/users.ts';
import { executeEifCommand, executeEifCommands } from '../clients/routes.ts';
import { mount, type AnswerBody, type RouteInput } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { withPeople } from '@onboard/api-contract/people';
import { parseIfMatch } from '../http/validate.ts';
import {
  acceptChanges,
  confirmChanges,
  declineChanges,
  markChangesReadyForReview,
  setAuthorizedSigner,
  signEif,
  undoIcEdits,
} from './routes.contract.ts';

const NOT_A_SIGNER = 'Choose one of the client’s benefits administrators';

/** Reviewing post-sign changes and undoing consultant edits are internal staff's work (platform §6). */
function requireStaff(actor: Actor) {
  if (!isInternal(actor)) throw new ForbiddenError('Only internal staff can review changes');
}

/**
 * The EIF lifecycle commands (onboarding §4): naming the signer, signing, marking post-sign changes ready for review,
 * accepting, declining with a reason, and undoing the implementation consultant's edits.
 */
export function eifCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

  /** The view as answered: who signed and reviewed, by name (the screens show the answer at once). */
  const viewAnswer = async (view: ClientView) =>
    clientViewAnswer(deps.people ? await withPeople(deps.people, view) : view);

  type Lifecycle =
    typeof markChangesReadyForReview | typeof acceptChanges | typeof declineChanges | typeof undoIcEdits;
  const run = <C extends Lifecycle>(
    contract: C,
    prepare: (
      actor: Actor,
      clientId: string,
      input: RouteInput<C>,
    ) => Parameters<typeof executeEifCommand>[3],
  ) =>
    mount(router, contract, async (req, res, input) => {
      const actor = await requireActor(deps.authenticate, req);
      const clientId = String(req.params.clientId);
      requireClientAccess(actor, clientId, 'update');
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
    });

  /** One answer for the lifecycle routes: the accepted view with its version as ETag. */
  const answer = async (res: Response<ClientViewAnswer>, state: EifState, revision: bigint) => {
    const view = toClientView(state, revision);
    if (!view) throw new NotFoundError('Client not found');
    res.setHeader('ETag', `"${view.version}"`);
    res.json(await viewAnswer(view));
  };

  // Signing follows the client's signer setting (domain/src/eif/signing.ts), read from the same state the
  // signature is appended against, so a setting changed meanwhile is a conflict, not a bypass.
  mount(router, signEif, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    const { state, revision } = await executeEifCommands(
      deps,
      actor,
      clientId,
      ({ state: loaded }) => {
        const client =
          loaded.status === 'empty' ? undefined : loaded.entities.get(entityKey('Client', clientId));
        if (!client) throw new NotFoundError('Client not found');
        const decision = decideSigner(signerSettingOf(client.attributes), actor);
        if (!decision.ok) throw new ForbiddenError(decision.message);
        return [
          {
            type: 'SignEif',
            // The authorized signer signs the whole form: every section review & submit lists.
            data: {
              clientId,
              signerKind: decision.signerKind,
              outsideSignerActionId: null,
              sections: SIGNED_SECTIONS,
            },
          },
        ];
      },
      parseIfMatch(req.header('if-match')),
      req.header('x-correlation-id') ?? deps.newId(),
    );
    await answer(res, state, revision);
  });

  // Staff name who signs: a benefits administrator of the client, the broker, or nobody (the default of
  // signing.ts). Saved as Client attributes through the EIF's own edit command, before the signature only:
  // afterwards there is nothing left to sign.
  mount(router, setAuthorizedSigner, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff can name the authorized signer');
    const body = input.body();
    if (body.authorizedSignerUserId !== null) {
      const { state: user } = await loadUser(deps.store, body.authorizedSignerUserId);
      if (
        user.status !== 'active' ||
        user.user.role !== 'BEN_ADMIN' ||
        !user.user.clientIds.includes(clientId)
      )
        throw new ValidationError({ 'body.authorizedSignerUserId': NOT_A_SIGNER });
    }
    const { state, revision } = await executeEifCommands(
      deps,
      actor,
      clientId,
      ({ state: loaded, newChangeId }) => {
        if (loaded.status === 'signed') throw new RuleError('ALREADY_SIGNED', 'The form is already signed');
        return [
          {
            type: 'ChangeAttributes',
            data: {
              clientId,
              entity: 'Client',
              entityId: clientId,
              attributes: body,
              changeId: newChangeId(),
            },
          },
        ];
      },
      parseIfMatch(req.header('if-match')),
      req.header('x-correlation-id') ?? deps.newId(),
    );
    await answer(res, state, revision);
  });

  // A signer confirms the changes accepted since they signed that touch their sections (eif/signatures.ts);
  // whoever signed nothing, or has nothing of theirs changed, is refused with the reason.
  mount(router, confirmChanges, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'read');
    const confirmed = await confirmSignedChanges(deps, actor, clientId, requestContext(req, deps.newId));
    res.json({ confirmed });
  });

  run(markChangesReadyForReview, (_actor, clientId) => () => ({
    type: 'MarkChangesReadyForReview',
    data: { clientId },
  }));

  run(acceptChanges, (actor, clientId, input) => {
    requireStaff(actor);
    const body = input.body();
    return () => ({
      type: 'AcceptChanges',
      data: { clientId, changeIds: body.changeIds ?? [], answers: body.answers },
    });
  });

  run(declineChanges, (actor, clientId, input) => {
    requireStaff(actor);
    const body = input.body();
    return () => ({
      type: 'DeclineChanges',
      data: { clientId, changeIds: body.changeIds ?? [], answers: body.answers, reason: body.reason },
    });
  });

  run(undoIcEdits, (actor, clientId) => {
    requireStaff(actor);
    return () => ({ type: 'UndoIcEdits', data: { clientId } });
  });

  return router;
}

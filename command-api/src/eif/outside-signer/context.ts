import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { clientViewAnswer } from '@onboard/api-contract/views';
import type pg from 'pg';
import {
  NotFoundError,
  assertOutsideSignerAllowed,
  toClientView,
  type AnswerRef,
  type OutsideSigner,
  allSignatures,
  dueConfirmations,
} from '@onboard/domain';
import type { RouteContract } from '@onboard/api-contract';
import type { AnswerBody, RouteHandler, RouteInput } from '@onboard/api-contract/express';
import { withPeople } from '@onboard/api-contract/people';
import type { EmailSender } from '../../auth/email-port.ts';
import { executeEifCommand } from '../../clients/routes.ts';
import type { CommandDeps } from '../../http/context.ts';
import { readSignatures, readSignedFacts } from '../signatures.ts';
import { loadEif } from '../client-view.ts';

export type OutsideSignerDeps = CommandDeps & {
  pool: pg.Pool;
  emailSender: EmailSender;
  publicUrl: () => string;
};

export const INVITE_DAYS = 30;
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type ActionRow = {
  client_id: string;
  step_id: string;
  email: string;
  first_name: string;
  last_name: string;
  expires_at: Date;
  completed_at: Date | null;
  sections: string[] | null;
};

/** What every handler of the outside signer shares: the dependencies, the action read, the form read. */
export type OutsideSigners = ReturnType<typeof outsideSigners>;

/** An action id resolved to its signer, marked used, the form as it stands, and the updates decided. */
export function outsideSigners(deps: OutsideSignerDeps) {
  const resolve = async (clientId: string, actionId: string, now: Date) => {
    const { rows } = await deps.pool.query<ActionRow>(
      `select client_id, step_id, email, first_name, last_name, expires_at, completed_at, sections
       from outside_signer_actions where action_hash = $1`,
      [sha256(actionId)],
    );
    const row = rows[0];
    // One answer for unknown, other client's, used and expired ids: nothing to learn from the difference.
    if (!row || row.client_id !== clientId || row.completed_at !== null || row.expires_at <= now) {
      throw new NotFoundError('This link has expired or has already been used.');
    }
    const signer: OutsideSigner = { kind: 'outside-signer', clientId, actionId, stepId: row.step_id };
    // The action is named in events by a prefix of its hash: the id itself is a secret and stays out of history.
    const actionRef = sha256(actionId).slice(0, 16);
    return {
      row,
      signer,
      actionRef,
      actor: { userId: `outside-signer:${row.email}`, role: 'OUTSIDE_SIGNER' as const },
    };
  };

  /** Whether this person signed the form already, and if so whether changes of their sections wait. */
  const inviteeStanding = async (clientId: string, userId: string) => {
    const facts = await readSignedFacts(deps.store, clientId);
    const state = await readSignatures(deps.store, clientId);
    const signed = allSignatures(facts, state).some((s) => s.by.userId === userId);
    if (!signed) return 'not-signed' as const;
    return dueConfirmations(facts, state).some((d) => d.signature.by.userId === userId)
      ? ('to-confirm' as const)
      : ('signed' as const);
  };

  const markUsed = (actionId: string) =>
    deps.pool.query('update outside_signer_actions set completed_at = $2 where action_hash = $1', [
      sha256(actionId),
      deps.now(),
    ]);

  const readForm = (clientId: string) => loadEif(deps, clientId);

  const currentClient = async (clientId: string) => {
    const { state, revision } = await readForm(clientId);
    const view = toClientView(state, revision);
    if (!view) throw new NotFoundError('Client not found');
    return clientViewAnswer(await withPeople(deps.pool, view));
  };

  /** The signer of one step decides on the form; the link is used once nothing is left to review. */
  /**
   * The action the path names (`/{clientId}/{actionId}`), resolved, and the outside signer allowed
   * `access` to the form; with `step`, a 404 unless the action is for that review-&-submit step.
   */
  const resolveRequest = async (req: Request, access: 'read' | 'update', step?: string) => {
    const clientId = String(req.params.clientId);
    const actionId = String(req.params.actionId);
    const resolved = await resolve(clientId, actionId, deps.now());
    assertOutsideSignerAllowed(resolved.signer, 'eif', access, { clientId, actionId });
    if (step !== undefined && resolved.signer.stepId !== step)
      throw new NotFoundError('This link is not for this step.');
    return { ...resolved, clientId, actionId };
  };

  const act =
    <C extends RouteContract>(
      step: string,
      build: (
        clientId: string,
        input: RouteInput<C>,
        actionRef: string,
      ) => Parameters<typeof executeEifCommand>[3],
    ): RouteHandler<C> =>
    async (req, res, input) => {
      const { clientId, actionId, actor, actionRef } = await resolveRequest(req, 'update', step);
      const view = await executeEifCommand(
        deps,
        actor,
        clientId,
        build(clientId, input, actionRef),
        null,
        deps.newId(),
      );
      // The link is used once its step is done: the form signed, or no update left to review (the
      // signer may decide the updates an answer at a time).
      if (!view) throw new NotFoundError('Client not found');
      if (view.pendingChanges.length === 0) await markUsed(actionId);
      res.json({ client: clientViewAnswer(await withPeople(deps.pool, view)) } as AnswerBody<C>);
    };

  return { deps, resolveRequest, inviteeStanding, markUsed, readForm, currentClient, act };
}

/** Without a choice, every update; with one, the changes and answers chosen. */
export const choiceOf = (
  body: { changeIds?: readonly string[] | 'all'; answers?: AnswerRef[] } | undefined,
) =>
  body?.changeIds === undefined && body?.answers === undefined
    ? { changeIds: 'all' as const }
    : { changeIds: body.changeIds ?? [], answers: body.answers };

import { addDays } from 'date-fns';
import {
  EMAIL_TEMPLATES,
  emailText,
  AppError,
  ForbiddenError,
  NotFoundError,
  assertOutsideSignerAllowed,
  companyInformationEditState,
  eifCodec,
  entityKey,
  toClientView,
  type AnswerRef,
  type OutsideSigner,
  decideInvite,
  inviteHasNothingToDo,
  signerSettingOf,
  SIGNED_SECTIONS,
  answersInWords,
  orderSections,
  sectionLabel,
  allSignatures,
  dueConfirmations,
  signaturesDecider,
} from '@onboard/domain';
import { createHash, randomBytes } from 'node:crypto';
import { Router } from 'express';
import type pg from 'pg';
import { eifStream, loadAggregate, signaturesStream } from '@onboard/events';
import type { EmailSender } from '../auth/email-port.ts';
import { executeEifCommand } from '../clients/routes.ts';
import type { RouteContract } from '@onboard/api-contract';
import { mount, type RouteInput } from '@onboard/api-contract/express';
import { withPeople } from '@onboard/api-contract/people';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import {
  getOutsideSignerReview,
  inviteOutsideSigner,
  outsideSignerAcceptUpdates,
  outsideSignerConfirmChanges,
  outsideSignerDeclineUpdates,
  outsideSignerSign,
} from './outside-signer.contract.ts';
import { decideOnStream } from '../http/decide.ts';
import { readSignatures, readSignedFacts, confirmSignedChanges } from './signatures.ts';

export { DeclineUpdatesBody, InviteOutsideSignerBody } from './outside-signer.contract.ts';

export type OutsideSignerDeps = CommandDeps & {
  pool: pg.Pool;
  emailSender: EmailSender;
  publicUrl: () => string;
};

const INVITE_DAYS = 30;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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

/**
 * Outside signers (onboarding §2, explorer §4): someone without an account who signs, or reviews the
 * updates made after signing, through one action id e-mailed to them. The id is stored hashed, works for
 * one client and one review-&-submit step, and only until it is used or expires.
 */
export function outsideSignerRoutes(deps: OutsideSignerDeps): Router {
  const router = Router();

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

  mount(router, inviteOutsideSigner, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    const body = input.body();
    const { state } = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream: eifStream(clientId),
      codec: eifCodec,
    });
    const client = state.status === 'empty' ? undefined : state.entities.get(entityKey('Client', clientId));
    if (!client) throw new NotFoundError('Client not found');
    const invite = decideInvite(signerSettingOf(client.attributes), actor, body.stepId);
    if (!invite.ok) throw new ForbiddenError(invite.message);
    if (state.status === 'empty') throw new NotFoundError('Client not found');
    const nothingToDo = inviteHasNothingToDo(
      { status: state.status, pendingCount: state.pending.length },
      body.stepId,
      await inviteeStanding(clientId, `outside-signer:${body.email}`),
    );
    if (nothingToDo) throw new AppError(400, 'NOTHING_TO_DO', nothingToDo);
    const actionId = randomBytes(24).toString('base64url');
    const now = deps.now();
    await deps.pool.query(
      `insert into outside_signer_actions (action_hash, client_id, step_id, email, first_name, last_name,
           invited_by, created_at, expires_at, sections) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        sha256(actionId),
        clientId,
        body.stepId,
        body.email,
        body.firstName,
        body.lastName,
        actor.userId,
        now,
        addDays(now, INVITE_DAYS),
        body.stepId === 'review-&-submit' ? (body.sections ?? null) : null,
      ],
    );
    const link = `${deps.publicUrl().replace(/\/+$/, '')}/client/${encodeURIComponent(clientId)}/outside-signer/${actionId}`;
    const content = EMAIL_TEMPLATES.OUTSIDE_SIGNER_INVITATION!.build({
      firstName: body.firstName,
      link,
      days: String(INVITE_DAYS),
      purpose: body.stepId === 'review-&-submit' ? 'sign' : 'updates',
    });
    const { emailId } = await deps.emailSender.send({
      kind: 'OUTSIDE_SIGNER_INVITATION',
      to: [body.email],
      subject: content.subject,
      body: emailText(content),
      content,
      link,
      clientId,
      actor: { userId: actor.userId, role: actor.role },
    });
    res.status(201).json({ emailId, email: body.email, stepId: body.stepId });
  });

  mount(router, getOutsideSignerReview, async (req, res) => {
    const clientId = String(req.params.clientId);
    const { row, signer } = await resolve(clientId, String(req.params.actionId), deps.now());
    assertOutsideSignerAllowed(signer, 'eif', 'read', { clientId, actionId: signer.actionId });
    const { state, revision } = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream: eifStream(clientId),
      codec: eifCodec,
    });
    const view = toClientView(state, revision);
    if (!view) throw new NotFoundError('Client not found');
    const client = await withPeople(deps.pool, view);
    const facts = await readSignedFacts(deps.store, clientId);
    const signatures = await readSignatures(deps.store, clientId);
    const signerId = `outside-signer:${row.email}`;
    const toConfirm = dueConfirmations(facts, signatures)
      .filter((d) => d.signature.by.userId === signerId)
      .flatMap((d) => d.answers);
    res.json({
      signer: { firstName: row.first_name, lastName: row.last_name, email: row.email, stepId: row.step_id },
      signing: {
        sections: orderSections(row.sections ?? SIGNED_SECTIONS).map(sectionLabel),
        hasSigned: allSignatures(facts, signatures).some((s) => s.by.userId === signerId),
        toConfirm: answersInWords(toConfirm, view),
      },
      client,
      editState:
        state.status === 'empty'
          ? 'no-edits'
          : companyInformationEditState(
              state.stamps,
              state.pending.map((c) => c.at),
            ),
    });
  });

  const markUsed = (actionId: string) =>
    deps.pool.query('update outside_signer_actions set completed_at = $2 where action_hash = $1', [
      sha256(actionId),
      deps.now(),
    ]);

  const currentClient = async (clientId: string) => {
    const { state, revision } = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream: eifStream(clientId),
      codec: eifCodec,
    });
    const view = toClientView(state, revision);
    return view && (await withPeople(deps.pool, view));
  };

  const act = <C extends RouteContract>(
    contract: C,
    step: string,
    build: (
      clientId: string,
      input: RouteInput<C>,
      actionRef: string,
    ) => Parameters<typeof executeEifCommand>[3],
  ) =>
    mount(router, contract, async (req, res, input) => {
      const clientId = String(req.params.clientId);
      const actionId = String(req.params.actionId);
      const { signer, actor, actionRef } = await resolve(clientId, actionId, deps.now());
      assertOutsideSignerAllowed(signer, 'eif', 'update', { clientId, actionId });
      if (signer.stepId !== step) throw new NotFoundError('This link is not for this step.');
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
      if (!view || view.pendingChanges.length === 0) await markUsed(actionId);
      res.json({ client: view && (await withPeople(deps.pool, view)) });
    });

  // The first signature signs the form (with the sections of the invitation); on a signed form the outside
  // signer countersigns those sections on `signatures-{clientId}` through the one command handler.
  mount(router, outsideSignerSign, async (req, res) => {
    const clientId = String(req.params.clientId);
    const actionId = String(req.params.actionId);
    const { row, signer, actor, actionRef } = await resolve(clientId, actionId, deps.now());
    assertOutsideSignerAllowed(signer, 'eif', 'update', { clientId, actionId });
    if (signer.stepId !== 'review-&-submit') throw new NotFoundError('This link is not for this step.');
    const sections = orderSections(row.sections ?? SIGNED_SECTIONS);
    const facts = await readSignedFacts(deps.store, clientId);
    if (facts.signature === null)
      await executeEifCommand(
        deps,
        actor,
        clientId,
        () => ({
          type: 'SignEif',
          data: { clientId, signerKind: 'OUTSIDE_SIGNER', outsideSignerActionId: actionRef, sections },
        }),
        null,
        deps.newId(),
      );
    else
      await decideOnStream(deps, {
        request: { ifMatch: null, correlationId: deps.newId() },
        actor,
        stream: signaturesStream(clientId),
        decider: signaturesDecider,
        build: (_state, metadata) => ({
          type: 'Countersign' as const,
          data: {
            clientId,
            signatureId: deps.newId(),
            name: `${row.first_name} ${row.last_name}`.trim(),
            outsideSignerActionId: actionRef,
            sections,
            isFormSigned: true,
          },
          metadata,
        }),
        retriesOnRace: 2,
      });
    await markUsed(actionId);
    res.json({ client: await currentClient(clientId) });
  });

  // The outside signer confirms the accepted changes of the sections they signed: the short re-sign.
  mount(router, outsideSignerConfirmChanges, async (req, res) => {
    const clientId = String(req.params.clientId);
    const actionId = String(req.params.actionId);
    const { signer, actor } = await resolve(clientId, actionId, deps.now());
    assertOutsideSignerAllowed(signer, 'eif', 'update', { clientId, actionId });
    if (signer.stepId !== 'review-&-submit') throw new NotFoundError('This link is not for this step.');
    const confirmed = await confirmSignedChanges(deps, actor, clientId, {
      ifMatch: null,
      correlationId: deps.newId(),
    });
    await markUsed(actionId);
    res.json({ confirmed });
  });
  // Without a choice, every update; with one, the changes and answers chosen.
  const choiceOf = (body: { changeIds?: readonly string[] | 'all'; answers?: AnswerRef[] } | undefined) =>
    body?.changeIds === undefined && body?.answers === undefined
      ? { changeIds: 'all' as const }
      : { changeIds: body.changeIds ?? [], answers: body.answers };
  act(outsideSignerAcceptUpdates, 'review-&-submit-updates', (clientId, input) => {
    const choice = choiceOf(input.body());
    return () => ({ type: 'AcceptChanges', data: { clientId, ...choice } });
  });
  act(outsideSignerDeclineUpdates, 'review-&-submit-updates', (clientId, input) => {
    const { reason, ...body } = input.body();
    const choice = choiceOf(body);
    return () => ({ type: 'DeclineChanges', data: { clientId, ...choice, reason } });
  });

  return router;
}

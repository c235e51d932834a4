import { addDays } from 'date-fns';
import { randomBytes } from 'node:crypto';
import {
  EMAIL_TEMPLATES,
  AppError,
  ForbiddenError,
  NotFoundError,
  entityKey,
  decideInvite,
  inviteHasNothingToDo,
  signerSettingOf,
} from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { callerOnClient } from '../../http/context.ts';
import type { inviteOutsideSigner } from '../outside-signer.contract.ts';
import { INVITE_DAYS, sha256, type OutsideSigners } from './context.ts';
import { templated } from '../../auth/email-port.ts';

/** A user of the client invites an outside signer: an action id kept hashed, the link e-mailed. */
export const invite =
  (signers: OutsideSigners): RouteHandler<typeof inviteOutsideSigner> =>
  async (req, res, input) => {
    const { deps, readForm, inviteeStanding } = signers;
    const { actor, clientId } = await callerOnClient(deps.authenticate, req);
    const body = input.body();
    const { state } = await readForm(clientId);
    const client = state.status === 'empty' ? undefined : state.entities.get(entityKey('Client', clientId));
    if (!client) throw new NotFoundError('Client not found');
    const decided = decideInvite(signerSettingOf(client.attributes), actor, body.stepId);
    if (!decided.ok) throw new ForbiddenError(decided.message);
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
      ...templated(content),
      link,
      clientId,
      actor: { userId: actor.userId, role: actor.role },
    });
    res.status(201).json({ emailId, email: body.email, stepId: body.stepId });
  };

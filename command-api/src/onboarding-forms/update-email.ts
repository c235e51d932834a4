import { ForbiddenError, NotFoundError, isInternal } from '@onboard/domain';
import { requireActor } from '../http/context.ts';
import type { updateOnboardingFormEmail } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** A user's forms still being signed move to their new address. */
export const moveToNewEmail =
  (forms: OnboardingForms): RouteHandler<typeof updateOnboardingFormEmail> =>
  async (req, res, input) => {
    const { deps, readEnvelope, executeEnvelope } = forms;
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    if (actor.userId !== userId && !isInternal(actor))
      throw new ForbiddenError('Only the user or staff may move their onboarding forms to a new address');
    const { rows } = await deps.pool.query<{ email: string }>(
      'select email from rm_users where user_id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user) throw new NotFoundError('User not found');
    const oldEmail = input.body().oldEmail.trim().toLowerCase();
    // Forms still being signed that name the old address (or the account) for someone who can still act.
    const { rows: stillSigning } = await deps.pool.query<{
      envelope_id: string;
      client_id: string;
      recipient_id: string;
    }>(
      `select f.envelope_id, f.client_id, r->>'recipientId' as recipient_id
       from rm_onboarding_forms f, jsonb_array_elements(f.state->'recipients') r
       where f.status in ('sent', 'declined')
         and (lower(r->>'email') = $1 or r->>'userId' = $2)
         and r->>'status' in ('waiting', 'sent', 'delivered')`,
      [oldEmail, userId],
    );
    let updatedForms = 0;
    for (const form of stillSigning) {
      const before = await readEnvelope(form.client_id, form.envelope_id);
      const after = await executeEnvelope(req, actor, {
        type: 'ChangeRecipientEmail',
        data: {
          envelopeId: form.envelope_id,
          clientId: form.client_id,
          recipientId: form.recipient_id,
          email: user.email,
          userId,
        },
      });
      if (after.version !== before.version) updatedForms += 1;
    }
    res.json({ updatedForms });
  };

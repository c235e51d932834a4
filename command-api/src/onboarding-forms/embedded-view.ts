import { addDays, addMinutes } from 'date-fns';
import { ForbiddenError, NotFoundError, isInternal } from '@onboard/domain';
import { SIGNING_LINK_MINUTES } from '@onboard/domain';

import { EMAILED_LINK_DAYS, onboardingFormEmails, signingLink } from './emails.ts';
import type { embeddedView } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** A signing link for a recipient: their own, or e-mailed to one without an account. */
export const issueSigningLink =
  (forms: OnboardingForms): RouteHandler<typeof embeddedView> =>
  async (req, res) => {
    const { deps, eSignature, callerOnForm, executeEnvelope } = forms;
    const { actor, clientId, envelopeId, state } = await callerOnForm(req, 'read');
    const recipientId = String(req.params.recipientId);
    const recipient = state.recipients.find((r) => r.recipientId === recipientId);
    if (!recipient) throw new NotFoundError('No such recipient on this onboarding form');
    // A recipient opens their own view; staff may open one for a recipient without an account.
    const isOwn = recipient.userId !== null && recipient.userId === actor.userId;
    if (!isOwn && !(isInternal(actor) && recipient.userId === null))
      throw new ForbiddenError('Only the recipient may sign in their place');
    const linkId = deps.newId();
    // A recipient without an account gets the link by e-mail, so it waits days rather than minutes.
    const emailed = !isOwn && deps.emailSender !== undefined && deps.publicUrl !== undefined;
    const expiresAt = (
      emailed ? addDays(deps.now(), EMAILED_LINK_DAYS) : addMinutes(deps.now(), SIGNING_LINK_MINUTES)
    ).toISOString();
    await executeEnvelope(req, actor, {
      type: 'IssueSigningLink',
      data: { envelopeId, clientId, recipientId, linkId, expiresAt },
    });
    const url = signingLink(eSignature, { envelopeId, clientId, recipientId, linkId, expiresAt });
    if (emailed)
      await onboardingFormEmails({
        ...deps,
        emailSender: deps.emailSender!,
        publicUrl: deps.publicUrl!,
      }).send({
        kind: 'ONBOARDING_FORM_TO_SIGN',
        clientId,
        envelopeId,
        recipientId,
        name: recipient.name,
        email: recipient.email,
        userId: recipient.userId,
        data: { formName: state.formName },
        actor: { userId: actor.userId, role: actor.role },
        link: `${deps.publicUrl!().replace(/\/+$/, '')}${url}`,
        days: String(EMAILED_LINK_DAYS),
      });
    res.status(201).json({ url, expiresAt });
  };

import { addDays } from 'date-fns';
import { ForbiddenError, isInternal } from '@onboard/domain';
import { requireActor, requirePermission } from '../http/context.ts';
import { EMAILED_LINK_DAYS } from './emails.ts';
import type { extendSigningLink } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** Staff extend a recipient's signing link. */
export const extendLink =
  (forms: OnboardingForms): RouteHandler<typeof extendSigningLink> =>
  async (req, res) => {
    const { deps, readEnvelope, executeEnvelope, viewOf } = forms;
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'create', { clientId });
    if (!isInternal(actor)) throw new ForbiddenError('Only staff extend a signing link');
    const envelopeId = String(req.params.onboardingFormId);
    const recipientId = String(req.params.recipientId);
    const state = await readEnvelope(clientId, envelopeId);
    // As long again as a new e-mailed link, from now or from its present expiry, whichever is later.
    const link = state.links.filter((l) => l.recipientId === recipientId).at(-1);
    const from = link && link.expiresAt > deps.now().toISOString() ? new Date(link.expiresAt) : deps.now();
    const after = await executeEnvelope(req, actor, {
      type: 'ExtendSigningLink',
      data: { envelopeId, clientId, recipientId, expiresAt: addDays(from, EMAILED_LINK_DAYS).toISOString() },
    });
    res.json(viewOf(after));
  };

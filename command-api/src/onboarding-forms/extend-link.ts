import { addDays } from 'date-fns';

import { EMAILED_LINK_DAYS } from './emails.ts';
import type { extendSigningLink } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** Staff extend a recipient's signing link. */
export const extendLink =
  (forms: OnboardingForms): RouteHandler<typeof extendSigningLink> =>
  async (req, res) => {
    const { deps, callerOnForm, executeEnvelope, viewOf } = forms;
    const { actor, clientId, envelopeId, state } = await callerOnForm(req, 'create', {
      staffOnly: 'Only staff extend a signing link',
    });
    const recipientId = String(req.params.recipientId);
    // As long again as a new e-mailed link, from now or from its present expiry, whichever is later.
    const link = state.links.filter((l) => l.recipientId === recipientId).at(-1);
    const from = link && link.expiresAt > deps.now().toISOString() ? new Date(link.expiresAt) : deps.now();
    const after = await executeEnvelope(req, actor, {
      type: 'ExtendSigningLink',
      data: { envelopeId, clientId, recipientId, expiresAt: addDays(from, EMAILED_LINK_DAYS).toISOString() },
    });
    res.json(viewOf(after));
  };

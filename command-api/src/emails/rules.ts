import { emailRulesStream } from '@onboard/events';
import {
  ValidationError,
  effectiveRules,
  emailRulesDecider,
  ruleErrors,
  type EmailRule,
} from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { setEmailRules } from './routes.contract.ts';
import { recordChoice, type Emails } from './context.ts';

/** Staff set a client's notification rules: who receives each kind of e-mail, and who is copied. */
export const setRules =
  ({ deps, allowedTo, clientAndPeople }: Emails): RouteHandler<typeof setEmailRules> =>
  async (req, res, input) => {
    const actor = await allowedTo(req, 'emails');
    const clientId = String(req.params.clientId);
    await clientAndPeople(clientId);
    const rules = input.body().rules as EmailRule[];
    const errors = ruleErrors(rules);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await recordChoice(deps, actor, emailRulesDecider, {
      stream: emailRulesStream(clientId),
      intent: { type: 'SetClientEmailRules', data: { clientId, rules } },
    });
    res.json({ rules: effectiveRules(rules) });
  };

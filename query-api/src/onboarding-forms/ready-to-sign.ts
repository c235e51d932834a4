import { currentRoutingOrder, isActive, isInternal, type EnvelopeState } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { readyToSignRecipients } from './routes.contract.ts';
import type { OnboardingFormReads } from './context.ts';

/** The recipients whose turn it is to sign (staff see all, a client's person only themselves). */
export const readyToSign =
  ({ deps, requireReader }: OnboardingFormReads): RouteHandler<typeof readyToSignRecipients> =>
  async (req, res) => {
    const clientId = String(req.params.clientId);
    const actor = await requireReader(req, clientId);
    const { rows } = await deps.pool.query<{ state: EnvelopeState }>(
      `select state from rm_onboarding_forms where client_id = $1 and status = 'sent' order by created_at`,
      [clientId],
    );
    const ready = rows.flatMap(({ state }) => {
      const order = currentRoutingOrder(state);
      return state.recipients
        .filter(
          (r) => isActive(r) && r.routingOrder === order && (isInternal(actor) || r.userId === actor.userId),
        )
        .map((r) => ({
          onboardingFormId: state.envelopeId,
          formName: state.formName,
          recipientId: r.recipientId,
          name: r.name,
          roleName: state.roles.find((role) => role.roleId === r.roleId)?.name ?? '',
          hasAccount: r.userId !== null,
        }));
    });
    res.set('cache-control', 'no-store').json(ready);
  };

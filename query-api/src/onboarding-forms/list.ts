import { isInternal, onboardingFormView, type AuditTrail, type EnvelopeState } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { listOnboardingForms } from './routes.contract.ts';
import type { OnboardingFormReads } from './context.ts';

/** A client's onboarding forms, newest first, each with who did what, when. */
export const listForms =
  ({ deps, requireReader }: OnboardingFormReads): RouteHandler<typeof listOnboardingForms> =>
  async (req, res) => {
    const clientId = String(req.params.clientId);
    const actor = await requireReader(req, clientId);
    const { rows } = await deps.pool.query<{ state: EnvelopeState; trail: AuditTrail | null }>(
      'select state, trail from rm_onboarding_forms where client_id = $1 order by created_at desc, envelope_id',
      [clientId],
    );
    // Where each step came from (address, browser) is for staff; the client's people read who did what, when.
    const staff = isInternal(actor);
    res.set('cache-control', 'no-store').json(
      rows.map((r) => ({
        ...onboardingFormView(r.state, deps.now()),
        trail: (r.trail?.recipients ?? []).map(({ name, role, email, steps }) => ({
          name,
          role,
          email,
          steps: steps.map((step) => (staff ? step : { ...step, ipAddress: null, userAgent: null })),
        })),
      })),
    );
  };

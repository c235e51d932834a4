import { onboardingFormView } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { onboardingFormLockStatus } from './routes.contract.ts';
import type { OnboardingFormReads } from './context.ts';

/** Whether someone is signing the form now, and until when. */
export const lockStatus =
  ({ deps, requireReader, readForm }: OnboardingFormReads): RouteHandler<typeof onboardingFormLockStatus> =>
  async (req, res) => {
    const clientId = String(req.params.clientId);
    await requireReader(req, clientId);
    const { lock } = onboardingFormView(
      await readForm(clientId, String(req.params.onboardingFormId)),
      deps.now(),
    );
    res.set('cache-control', 'no-store').json({
      locked: lock !== null,
      recipientName: lock?.recipientName ?? null,
      until: lock?.until ?? null,
    });
  };

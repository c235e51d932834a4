import { censusValidationResults, maskCensusResult } from '@onboard/domain/census';
import type { RouteHandler } from '@onboard/api-contract/express';
import { readCensus } from './job.ts';
import type { submitCensus } from './routes.contract.ts';
import type { Census } from './context.ts';
import { moveTaskAlong } from '../tasks/context.ts';

/** The validated census submitted: the policy's enrollment elections task goes for review. */
export const submit =
  (census: Census): RouteHandler<typeof submitCensus> =>
  async (req, res, input) => {
    const { deps, access, execute } = census;
    const { actor, clientId, policyId } = await access(req);
    const { documentId } = input.body();
    await execute(req, actor, clientId, policyId, {
      type: 'SubmitCensus',
      data: { clientId, policyId, documentId },
    });
    // The census is the enrollment elections task's work: submitting it sends the task for review, the
    // way the task page's 'Submit for review' does. A task not begun yet is started first; a task already
    // in review (or done) stays as it is.
    for (const action of ['start', 'submit'] as const) {
      await moveTaskAlong(deps, req, actor, clientId, {
        type: 'TakeTaskAction',
        data: { clientId, taskId: 'enrollment-elections', policyId, action },
      });
    }
    const { state } = await readCensus(deps.store, clientId, policyId);
    res.json(censusValidationResults(state).map(maskCensusResult));
  };

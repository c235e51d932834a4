import { censusValidationResults, maskCensusResult } from '@onboard/domain/census';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { validateSubmitCensus } from './routes.contract.ts';
import type { Census } from './context.ts';

/** A file's columns and source confirmed: the validation job starts. */
export const confirmMapping =
  (census: Census): RouteHandler<typeof validateSubmitCensus> =>
  async (req, res, input) => {
    const { access, requirePolicy, execute, startJob } = census;
    const { actor, clientId, policyId } = await access(req);
    const { documentId, mapping, source } = input.body();
    const { platform } = await requirePolicy(clientId, policyId);
    const { after } = await execute(req, actor, clientId, policyId, {
      type: 'ConfirmCensusMapping',
      data: { clientId, policyId, documentId, mapping, source, platform },
    });
    startJob({ clientId, policyId, documentId });
    res.json(censusValidationResults(after).map(maskCensusResult));
  };

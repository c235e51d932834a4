import { NotFoundError } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { revealCensusChange } from './routes.contract.ts';
import type { Census } from './context.ts';

/** One masked value of the change view, before or after, in full, once the look is recorded. */
export const revealChange =
  (census: Census): RouteHandler<typeof revealCensusChange> =>
  async (req, res, input) => {
    const { person, employeeId, field, change, reason } = input.body();
    const { actor, clientId, policyId, document } = await census.lookAt(req, 'personal-data-reveal');
    const changed = document.changes?.changed[person];
    const value = changed?.fields.find((f) => f.field === field);
    if (!changed || changed.employeeId !== employeeId || !value)
      throw new NotFoundError('This change is no longer in the change view: reload the page');
    const employee = {
      policyId,
      documentId: document.documentId,
      fileName: document.fileName,
      row: null,
      employeeId,
    };
    await census.recordLook(req, actor, {
      type: 'RevealPersonalData',
      data: { clientId, employee, dependant: changed.relationship !== 'Employee', field, change, reason },
    });
    res.json({ value: change === 'BEFORE' ? value.before : value.after });
  };

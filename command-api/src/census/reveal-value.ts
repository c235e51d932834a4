import { NotFoundError } from '@onboard/domain';
import { isDependantRow } from '@onboard/domain/census';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { revealCensusValue } from './routes.contract.ts';
import type { Census } from './context.ts';

/** One masked cell of a row with problems, in full, once the look is recorded. */
export const revealValue =
  (census: Census): RouteHandler<typeof revealCensusValue> =>
  async (req, res, input) => {
    const { row, field, reason } = input.body();
    const { actor, clientId, policyId, document } = await census.lookAt(req, 'personal-data-reveal');
    const shown = document.rows.get(row);
    if (!shown) throw new NotFoundError(`Row ${row} is not one of this file’s rows with problems`);
    const employee = {
      policyId,
      documentId: document.documentId,
      fileName: document.fileName,
      row,
      employeeId: shown.cells.employeeId ?? '',
    };
    await census.recordLook(req, actor, {
      type: 'RevealPersonalData',
      data: { clientId, employee, dependant: isDependantRow(shown.cells.relationship), field, reason },
    });
    res.json({ row, field, value: shown.cells[field] ?? '' });
  };

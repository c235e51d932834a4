import type { RouteHandler } from '@onboard/api-contract/express';
import type { downloadUnmaskedErrorWorkbook } from './routes.contract.ts';
import type { Census } from './context.ts';

/** The error workbook unmasked, for staff. */
export const downloadErrorWorkbook =
  (census: Census): RouteHandler<typeof downloadUnmaskedErrorWorkbook> =>
  async (req, res, input) =>
    census.sendUnmasked(
      req,
      res,
      'personal-data-unmasked-download',
      'CENSUS_ERROR_WORKBOOK',
      input.body().reason,
    );

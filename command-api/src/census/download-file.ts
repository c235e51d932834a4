import type { RouteHandler } from '@onboard/api-contract/express';
import type { downloadUnmaskedCensusFile } from './routes.contract.ts';
import type { Census } from './context.ts';

/** The file as uploaded, for any role that may reveal (the client's benefits administrators sent it). */
export const downloadFile =
  (census: Census): RouteHandler<typeof downloadUnmaskedCensusFile> =>
  async (req, res, input) =>
    census.sendUnmasked(req, res, 'personal-data-reveal', 'CENSUS_FILE', input.body().reason);

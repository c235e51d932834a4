import { NotFoundError } from '@onboard/domain';
import type { CensusReading } from '@onboard/domain/census';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { CensusReadingChoice } from './file.ts';
import { readCensus } from './job.ts';
import type { readCensusAs } from './routes.contract.ts';
import type { Census } from './context.ts';

/** A file read again with another encoding, delimiter or sheet; its columns suggested again. */
export const readAs =
  (census: Census): RouteHandler<typeof readCensusAs> =>
  async (req, res, input) => {
    const { deps, access, requirePolicy, inspect, suggest, execute, resultOf } = census;
    const { actor, clientId, policyId } = await access(req);
    const documentId = String(req.params.documentId);
    const body = input.body();
    const { platform } = await requirePolicy(clientId, policyId);
    const document = (await readCensus(deps.store, clientId, policyId)).state.documents.get(documentId);
    if (!document) throw new NotFoundError('No such census file');
    const file = await deps.documents.get(documentId);
    if (!file) throw new NotFoundError('This file is no longer in the document store');
    // What is not chosen now stays as it was read.
    const current: CensusReading = document.reading;
    const choice: CensusReadingChoice =
      current.format === 'CSV'
        ? {
            encoding: body.encoding ?? current.encoding ?? undefined,
            delimiter: body.delimiter ?? current.delimiter ?? undefined,
          }
        : { sheet: body.sheet ?? current.sheet ?? undefined };
    const inspected = await inspect(file.bytes, choice);
    const reading = { ...inspected.reading, detectedEncoding: current.detectedEncoding };
    const { mapping, matches, remembered } = await suggest(clientId, platform, inspected.headers);
    const { after } = await execute(req, actor, clientId, policyId, {
      type: 'ChangeCensusReading',
      data: {
        clientId,
        policyId,
        documentId,
        reading,
        headers: inspected.headers,
        mapping,
        matches,
        remembered,
      },
    });
    res.json(resultOf(after, documentId));
  };

import { Router, type Response } from 'express';
import type { EventStore } from '@onboard/events';
import { NotFoundError, type DocumentStore } from '@onboard/domain';
import {
  censusGrid,
  censusValidationResults,
  maskCensusGrid,
  maskCensusResult,
} from '@onboard/domain/census';
import { mount, sendDownload } from '@onboard/api-contract/express';
import { maskedCensusFile, maskedErrorWorkbook, readCensusState } from './masked-files.ts';
import { type Authenticate, requireClientReader } from '../http/context.ts';
import {
  censusFileRows,
  downloadCensusErrorWorkbook,
  downloadCensusFile,
  listCensusValidations,
} from './routes.contract.ts';

export type CensusProgress = { rowsDone: number; rowsTotal: number };

export type CensusQueryDeps = {
  store: EventStore;
  authenticate: Authenticate;
  documents: Pick<DocumentStore, 'get'>;
  /** The latest progress of a running validation, from the real-time stream (the gateway keeps it). */
  progressOf?: (documentId: string) => CensusProgress | null;
};

/**
 * The census reads of a policy: its files with their validations, folded from `census-{clientId}-{policyId}`
 * (the stream is short: a few files a policy), and the files themselves from the document store.
 */
export function censusQueryRoutes(deps: CensusQueryDeps): Router {
  const router = Router();

  const read = (clientId: string, policyId: string) => readCensusState(deps.store, clientId, policyId);

  const access = async (req: Parameters<Authenticate>[0]) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    return { clientId, policyId: String(req.params.policyId) };
  };

  const send = async (
    res: Response,
    documentId: string,
    transform?: (bytes: Uint8Array) => Promise<Buffer>,
  ) => {
    const file = await deps.documents.get(documentId);
    if (!file) throw new NotFoundError('This file is not in the document store');
    sendDownload(res, transform ? { ...file, bytes: await transform(file.bytes) } : file);
  };

  mount(router, listCensusValidations, async (req, res) => {
    const { clientId, policyId } = await access(req);
    const results = censusValidationResults(await read(clientId, policyId)).map((full) => {
      const result = maskCensusResult(full);
      return result.document.status === 'VALIDATING'
        ? {
            ...result,
            document: { ...result.document, progress: deps.progressOf?.(result.document.documentId) ?? null },
          }
        : result;
    });
    res.json(results);
  });

  mount(router, downloadCensusFile, async (req, res) => {
    const { clientId, policyId } = await access(req);
    const document = (await read(clientId, policyId)).documents.get(String(req.params.documentId));
    if (!document) throw new NotFoundError('No such census file');
    // Masked by default: a role that may reveal downloads it as uploaded through the command side, which
    // records why.
    await send(res, document.documentId, (bytes) => maskedCensusFile(bytes, document));
  });

  mount(router, downloadCensusErrorWorkbook, async (req, res) => {
    const { clientId, policyId } = await access(req);
    const document = (await read(clientId, policyId)).documents.get(String(req.params.documentId));
    if (!document) throw new NotFoundError('No such census file');
    if (!document.errorWorkbookDocumentId) throw new NotFoundError('This census file has no error workbook');
    // Masked by default: staff download it unmasked through the command side, which records why.
    await send(res, document.errorWorkbookDocumentId, (bytes) => maskedErrorWorkbook(bytes, document));
  });

  mount(router, censusFileRows, async (req, res) => {
    const { clientId, policyId } = await access(req);
    const document = (await read(clientId, policyId)).documents.get(String(req.params.documentId));
    if (!document) throw new NotFoundError('No such census file');
    res.json(maskCensusGrid(censusGrid(document)));
  });

  return router;
}

import { useSWRConfig } from 'swr';
import { call, readKey, useRead, type Answer, type Body, type Read } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';
import { clientHubPath } from '../../app/routes.ts';
import { deleteDocument, documentsPath, renameDocument } from '../documents/api.ts';

// Answer and body types from the routes' contracts, never written twice.
/** A census file: GET downloads it masked; `/unmasked`, `/reveal` and `/changes/reveal` are the looks. */
export const CENSUS_FILE = '/api/clients/{clientId}/census/{policyId}/files/{documentId}';
const FILE = CENSUS_FILE;
export type CensusResult = Read<'/api/clients/{clientId}/census/{policyId}/validate'>[number];
export type CensusReport = NonNullable<CensusResult['domainValidations']['report']>;
export type CensusChanges = NonNullable<CensusResult['domainValidations']['changes']>;
export type ValidateSubmitBody = Body<'put', '/api/clients/{clientId}/census/{policyId}/validate-submit'>;
export type CensusGrid = Read<`${typeof FILE}/rows`>;
type CorrectCellBody = Body<'put', `${typeof FILE}/cells`>;
type ReplaceInColumnBody = Body<'post', `${typeof FILE}/replace`>;
type CensusCorrected = Answer<'put', `${typeof FILE}/cells`>;
export type ReadCensusAsBody = Body<'put', `${typeof FILE}/reading`>;

const enc = encodeURIComponent;
export const censusKey = (clientId: string, policyId: string) =>
  readKey('/api/clients/{clientId}/census/{policyId}/validate', { clientId, policyId });

export const CENSUS_STEPS = [
  { id: 'upload-files', label: 'Upload files' },
  { id: 'indicate-source', label: 'Indicate source' },
  { id: 'validate-submit', label: 'Validate & submit' },
] as const;
export type CensusStepId = (typeof CENSUS_STEPS)[number]['id'];

export const censusPagePath = (clientId: string, policyId: string, step: CensusStepId | 'validations') =>
  `${clientHubPath(clientId)}/task/enrollment-elections/${enc(policyId)}/${step}`;
export const censusReportPath = (clientId: string, policyId: string, documentId: string) =>
  `${clientHubPath(clientId)}/task/enrollment-elections/${enc(policyId)}/validation-report/${enc(documentId)}`;

/** The policy's census files, newest first; read again every second while one is being validated. */
export function useCensus(clientId: string, policyId: string) {
  return useRead(
    '/api/clients/{clientId}/census/{policyId}/validate',
    { clientId, policyId },
    {},
    {
      // The app keeps reads 60 s; a running validation is read again each second.
      dedupingInterval: 500,
      // …and so is a corrected one until its error workbook holds every correction.
      refreshInterval: (data) =>
        data?.some((r) => r.document.status === 'VALIDATING' || !r.document.outputsCurrent) ? 1000 : 0,
    },
  );
}

export const censusGridKey = (clientId: string, policyId: string, documentId: string) =>
  readKey(`${FILE}/rows`, { clientId, policyId, documentId });

/** The rows with problems of one census file, as corrected so far. */
export function useCensusGrid(clientId: string, policyId: string, documentId: string) {
  return useRead(`${FILE}/rows`, { clientId, policyId, documentId });
}

/** Corrections where the census is read: each answer carries the file's validation and its grid now. */
export function useCensusCorrections(clientId: string, policyId: string, documentId: string) {
  const { mutate } = useSWRConfig();
  const params = { clientId, policyId, documentId };
  const apply = async (answer: CensusCorrected) => {
    await mutate(censusGridKey(clientId, policyId, documentId), answer.grid, { revalidate: false });
    await mutate(
      censusKey(clientId, policyId),
      (list: CensusResult[] | undefined) =>
        list?.map((r) => (r.document.documentId === documentId ? answer.result : r)),
      { revalidate: true },
    );
    return answer;
  };
  return {
    correctCell: async (body: CorrectCellBody) => apply(await call('put', `${FILE}/cells`, { params, body })),
    replaceInColumn: async (body: ReplaceInColumnBody) =>
      apply(await call('post', `${FILE}/replace`, { params, body })),
    /** After a refusal (someone else's correction), the grid read again. */
    reload: () => mutate(censusGridKey(clientId, policyId, documentId)),
  };
}

export const UPLOAD_ACCEPT =
  '.csv,.tsv,.txt,.xlsx,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file itself as the body, sent with its name and type. */
export const uploadCensusFile = (clientId: string, policyId: string, file: File) =>
  upload('/api/clients/{clientId}/census/{policyId}/files', { params: { clientId, policyId }, body: file });

export function useCensusWrites(clientId: string, policyId: string) {
  const { mutate } = useSWRConfig();
  const key = censusKey(clientId, policyId);
  const refreshAfterFileChange = async () => {
    await mutate(key);
    // The documents screen lists census files too.
    await mutate((k) => typeof k === 'string' && k.startsWith(documentsPath(clientId)));
  };
  return {
    confirm: async (body: ValidateSubmitBody) => {
      const list = await call('put', '/api/clients/{clientId}/census/{policyId}/validate-submit', {
        params: { clientId, policyId },
        body,
      });
      await mutate(key, list, { revalidate: false });
      return list;
    },
    submit: async (documentId: string) => {
      const list = await call('post', '/api/clients/{clientId}/census/{policyId}/submit', {
        params: { clientId, policyId },
        body: { documentId },
      });
      await mutate(key, list, { revalidate: false });
      // The enrollment elections task moved to review.
      await mutate((k) => typeof k === 'string' && k.includes('/tasks'));
      return list;
    },
    /** Reads the stored file again with another encoding, delimiter or sheet. */
    readAs: async (documentId: string, body: ReadCensusAsBody) => {
      const result = await call('put', `${FILE}/reading`, {
        params: { clientId, policyId, documentId },
        body,
      });
      await mutate(key);
      return result;
    },
    refresh: () => mutate(key),
    /** The documents screen's own rename and delete: the server routes a census file to its census. */
    rename: async (documentId: string, name: string) => {
      await renameDocument(clientId, documentId, name);
      await refreshAfterFileChange();
    },
    remove: async (documentId: string) => {
      await deleteDocument(clientId, documentId);
      await refreshAfterFileChange();
    },
  };
}

export const STATUS_WORDS: Record<CensusResult['document']['status'], string> = {
  UPLOADED: 'Columns to confirm',
  VALIDATING: 'Validating',
  VALIDATED: 'Validated',
  FAILED: 'Could not be read',
};

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a failed census write says: its own message, else that something went wrong. */
export const censusErrorMessage = (caught: unknown) =>
  caught instanceof Error && caught.message ? caught.message : 'Something went wrong. Please try again.';

/** A policy's census, the part of the screen's props every census section takes. */
export type CensusPolicy = { clientId: string; policyId: string };

/** One census file in the list of the policy's files (newest first). */
export type CensusResultProps = CensusPolicy & { result: CensusResult; results: CensusResult[] };

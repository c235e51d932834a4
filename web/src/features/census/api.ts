import useSWR, { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@onboard/api-contract';
import type {
  correctCensusCell,
  readCensusAs,
  replaceInCensusColumn,
  validateSubmitCensus,
} from '@onboard/command-api/contracts';
import type { censusFileRows, listCensusValidations } from '@onboard/query-api/contracts';
import { ApiError, interpretFailure, isInvalidTokenAnswer, noResponseError } from '../../api/errors.ts';
import { apiRequest, CSRF_COOKIE, CSRF_HEADER, readCookie, refreshSession } from '../../api/http.ts';
import { clientHubPath } from '../../app/routes.ts';
import { deleteDocument, documentsPath, renameDocument } from '../documents/api.ts';

// Answer and body types from the routes' contracts, never written twice.
export type CensusResult = ResponseOf<typeof listCensusValidations>[number];
export type CensusReport = NonNullable<CensusResult['domainValidations']['report']>;
export type CensusChanges = NonNullable<CensusResult['domainValidations']['changes']>;
export type ValidateSubmitBody = BodyOf<typeof validateSubmitCensus>;
export type CensusGrid = ResponseOf<typeof censusFileRows>;
type CorrectCellBody = BodyOf<typeof correctCensusCell>;
type ReplaceInColumnBody = BodyOf<typeof replaceInCensusColumn>;
type CensusCorrected = ResponseOf<typeof correctCensusCell>;
export type ReadCensusAsBody = BodyOf<typeof readCensusAs>;

const enc = encodeURIComponent;
const censusApiPath = (clientId: string, policyId: string) =>
  `/api/clients/${enc(clientId)}/census/${enc(policyId)}`;
export const censusKey = (clientId: string, policyId: string) =>
  `${censusApiPath(clientId, policyId)}/validate`;
/** A census file: GET downloads it masked; `/unmasked`, `/reveal` and `/changes/reveal` are the looks. */
export const censusFilePath = (clientId: string, policyId: string, documentId: string) =>
  `${censusApiPath(clientId, policyId)}/files/${enc(documentId)}`;

export const errorWorkbookPath = (clientId: string, policyId: string, documentId: string) =>
  `${censusFilePath(clientId, policyId, documentId)}/error-workbook`;

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
  return useSWR<CensusResult[]>(censusKey(clientId, policyId), {
    // The app keeps reads 60 s; a running validation is read again each second.
    dedupingInterval: 500,
    // …and so is a corrected one until its error workbook holds every correction.
    refreshInterval: (data) =>
      data?.some((r) => r.document.status === 'VALIDATING' || !r.document.outputsCurrent) ? 1000 : 0,
  });
}

export const censusGridKey = (clientId: string, policyId: string, documentId: string) =>
  `${censusApiPath(clientId, policyId)}/files/${enc(documentId)}/rows`;

/** The rows with problems of one census file, as corrected so far. */
export function useCensusGrid(clientId: string, policyId: string, documentId: string) {
  return useSWR<CensusGrid>(censusGridKey(clientId, policyId, documentId));
}

/** Corrections where the census is read: each answer carries the file's validation and its grid now. */
export function useCensusCorrections(clientId: string, policyId: string, documentId: string) {
  const { mutate } = useSWRConfig();
  const filePath = `${censusApiPath(clientId, policyId)}/files/${enc(documentId)}`;
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
    correctCell: async (body: CorrectCellBody) =>
      apply(await apiRequest<CensusCorrected>('PUT', `${filePath}/cells`, { body })),
    replaceInColumn: async (body: ReplaceInColumnBody) =>
      apply(await apiRequest<CensusCorrected>('POST', `${filePath}/replace`, { body })),
    /** After a refusal (someone else's correction), the grid read again. */
    reload: () => mutate(censusGridKey(clientId, policyId, documentId)),
  };
}

export const UPLOAD_ACCEPT =
  '.csv,.tsv,.txt,.xlsx,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file itself as the body; an expired access token is renewed once and the upload retried. */
export async function uploadCensusFile(
  clientId: string,
  policyId: string,
  file: File,
  isAfterRefresh = false,
): Promise<CensusResult> {
  const csrf = readCookie(document.cookie, CSRF_COOKIE);
  let response: Response;
  try {
    response = await fetch(`${censusApiPath(clientId, policyId)}/files`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        'x-file-name': encodeURIComponent(file.name),
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      },
      body: file,
    });
  } catch {
    throw new ApiError(noResponseError());
  }
  const bodyText = await response.text();
  if (response.ok) return JSON.parse(bodyText) as CensusResult;
  const error = new ApiError(
    interpretFailure(
      { status: response.status, contentType: response.headers.get('content-type'), bodyText },
      window.location.pathname,
    ).error,
  );
  if (response.status === 401 && !isAfterRefresh && isInvalidTokenAnswer(bodyText, error.body)) {
    if (await refreshSession()) return uploadCensusFile(clientId, policyId, file, true);
  }
  throw error;
}

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
      const list = await apiRequest<CensusResult[]>(
        'PUT',
        `${censusApiPath(clientId, policyId)}/validate-submit`,
        {
          body,
        },
      );
      await mutate(key, list, { revalidate: false });
      return list;
    },
    submit: async (documentId: string) => {
      const list = await apiRequest<CensusResult[]>('POST', `${censusApiPath(clientId, policyId)}/submit`, {
        body: { documentId },
      });
      await mutate(key, list, { revalidate: false });
      // The enrollment elections task moved to review.
      await mutate((k) => typeof k === 'string' && k.includes('/tasks'));
      return list;
    },
    /** Reads the stored file again with another encoding, delimiter or sheet. */
    readAs: async (documentId: string, body: ReadCensusAsBody) => {
      const result = await apiRequest<CensusResult>(
        'PUT',
        `${censusApiPath(clientId, policyId)}/files/${enc(documentId)}/reading`,
        { body },
      );
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

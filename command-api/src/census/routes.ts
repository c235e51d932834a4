import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import {
  correctCensusCell,
  downloadUnmaskedCensusFile,
  downloadUnmaskedErrorWorkbook,
  revealCensusChange,
  revealCensusValue,
  readCensusAs,
  replaceInCensusColumn,
  submitCensus,
  uploadCensus,
  validateSubmitCensus,
} from './routes.contract.ts';
import { censusCommands, type CensusCommandDeps } from './context.ts';
import { upload, uploadChecks } from './upload.ts';
import { confirmMapping } from './confirm-mapping.ts';
import { readAs } from './read-as.ts';
import { submit } from './submit.ts';
import { correctCell } from './correct-cell.ts';
import { replaceInColumn } from './replace.ts';
import { revealValue } from './reveal-value.ts';
import { revealChange } from './reveal-change.ts';
import { downloadErrorWorkbook } from './download-error-workbook.ts';
import { downloadFile } from './download-file.ts';

/**
 * The census writes of a policy (onboarding §7), on `census-{clientId}-{policyId}`: upload a file (checked
 * whole before anything is stored), confirm its columns and source (which starts the validation job),
 * and submit the validated census, which moves the policy's enrollment elections task to review.
 */
export function censusCommandRoutes(deps: CensusCommandDeps): Router {
  return routerOf(censusCommands(deps), [
    handle(uploadCensus, upload, uploadChecks),
    handle(validateSubmitCensus, confirmMapping),
    handle(readCensusAs, readAs),
    handle(submitCensus, submit),
    // Corrections where the census is read.
    handle(correctCensusCell, correctCell),
    handle(replaceInCensusColumn, replaceInColumn),
    // Personal data in full: each look recorded before it is given.
    handle(revealCensusValue, revealValue),
    handle(revealCensusChange, revealChange),
    handle(downloadUnmaskedErrorWorkbook, downloadErrorWorkbook),
    handle(downloadUnmaskedCensusFile, downloadFile),
  ]);
}

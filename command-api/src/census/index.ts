export { censusCommandRoutes } from './routes.ts';
export type { CensusCommandDeps } from './context.ts';
export {
  runCensusValidation,
  validateCensusFile,
  censusFileRows,
  censusFacts,
  readCensus,
  type CensusJobDeps,
} from './job.ts';
export {
  censusRows,
  censusTableRows,
  inspectCensusFile,
  errorWorkbook,
  CensusFileError,
  CENSUS_FILE_MESSAGES,
  XLSX_MIME_TYPE,
  type CensusFormat,
} from './file.ts';

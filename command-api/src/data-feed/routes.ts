import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import { readRawFile } from '../http/raw-upload.ts';
import {
  exportCensusAs834,
  markDataFeedReady,
  setCompanionGuide,
  uploadDataFeedTestFile,
} from './routes.contract.ts';
import { dataFeedCommands, type DataFeedCommandDeps } from './context.ts';
import { uploadTestFile } from './upload-test-file.ts';
import { markReady } from './mark-ready.ts';
import { exportCensus } from './export-census.ts';
import { saveCompanionGuide } from './companion-guide.ts';

/**
 * The data-feed writes of a client (the connect-service task), on `data-feed-{clientId}`: a test 834
 * uploaded, read and checked into the next round; the feed marked ready for production (staff, after two
 * clean rounds in a row; production support told by e-mail); the submitted census made an 834 (staff).
 * The carrier's companion-guide profile is saved on its own stream (staff).
 */
export function dataFeedCommandRoutes(deps: DataFeedCommandDeps): Router {
  return routerOf(dataFeedCommands(deps), [
    handle(uploadDataFeedTestFile, uploadTestFile, (feed) => [feed.checkUpload, readRawFile]),
    handle(markDataFeedReady, markReady),
    handle(exportCensusAs834, exportCensus),
    handle(setCompanionGuide, saveCompanionGuide),
  ]);
}

import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
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
  const router = Router();
  const feed = dataFeedCommands(deps);

  mount(router, uploadDataFeedTestFile, uploadTestFile(feed), { before: [feed.checkUpload, readRawFile] });
  mount(router, markDataFeedReady, markReady(feed));
  mount(router, exportCensusAs834, exportCensus(feed));
  mount(router, setCompanionGuide, saveCompanionGuide(feed));

  return router;
}

export { dataFeedCommandRoutes } from './routes.ts';
export { loadCompanionGuide, type DataFeedCommandDeps } from './context.ts';
export {
  read834,
  write834,
  write999,
  DataFeedFileError,
  DATA_FEED_FILE_MESSAGES,
  type Read834,
} from './x12.ts';
export { submittedCensus } from './census.ts';
export { dataFeedFixtures, fixtureCensus, fixtureFeed, FIXTURE_FACTS } from './fixtures.ts';

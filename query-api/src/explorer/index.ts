export { createExplorerQueries, DEMO_STATUS_ON_LIVE_SITE } from './routes.ts';
export { LIST_SORT_FIELDS } from './routes.contract.ts';

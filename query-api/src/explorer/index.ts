export { createExplorerQueries } from './routes.ts';
export { DEMO_STATUS_ON_LIVE_SITE } from './context.ts';
export { LIST_SORT_FIELDS } from './routes.contract.ts';

export { createExplorerQueries, DEMO_STATUS_ON_LIVE_SITE, LIST_SORT_FIELDS } from './routes.ts';

export { createExplorerCommands, SLUG_TAKEN_MESSAGE, type ExplorerCommandDeps } from './routes.ts';

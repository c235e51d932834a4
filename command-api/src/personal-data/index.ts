export { personalDataCommandRoutes, type ErasableKeys, type PersonalDataCommandDeps } from './routes.ts';

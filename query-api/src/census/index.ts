export { censusQueryRoutes, type CensusQueryDeps, type CensusProgress } from './routes.ts';

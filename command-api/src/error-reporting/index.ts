export { errorReportingCommandRoutes, type EnvelopeIntake } from './routes.ts';

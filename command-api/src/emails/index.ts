export { emailCommandRoutes, loadEmail, sendDailyDigests, type EmailCommandDeps } from './routes.ts';

export { emailCommandRoutes, loadEmail, sendDailyDigests, type EmailCommandDeps } from './routes.ts';
export { clientEmails, type ClientNotification } from './client-emails.ts';

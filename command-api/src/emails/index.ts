export { emailCommandRoutes } from './routes.ts';
export { loadEmail, type EmailCommandDeps } from './context.ts';
export { sendDailyDigests } from './digests.ts';
export { clientEmails, type ClientNotification } from './client-emails.ts';

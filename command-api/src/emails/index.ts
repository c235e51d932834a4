export { emailCommandRoutes, loadEmail, type EmailCommandDeps } from './routes.ts';

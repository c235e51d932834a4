export { emailQueryRoutes } from './routes.ts';
export { emailRuleQueryRoutes } from './rules.ts';
export { emailTemplateQueryRoutes } from './templates.ts';

export { emailQueryRoutes } from './routes.ts';
export { emailRuleQueryRoutes } from './rules.ts';

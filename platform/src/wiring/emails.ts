import { emailCommandRoutes } from '@onboard/command-api/emails';
import { emailQueryRoutes, emailRuleQueryRoutes, emailTemplateQueryRoutes } from '@onboard/query-api/emails';
import { renderEmailHtml } from '../emails/render.ts';
import { commandDepsOf, mailOf, type Wiring } from './context.ts';

/** E-mails: the outbox, a client's e-mail rules, and the templates staff preview. */
export function wireEmails(w: Wiring) {
  const { app, has, store, pool, identity } = w;
  const { authenticate } = identity;
  if (has('command-api')) app.use(emailCommandRoutes({ ...commandDepsOf(w), pool, ...mailOf(w) }));
  if (has('query-api')) {
    app.use(emailQueryRoutes({ pool, authenticate }));
    app.use(emailRuleQueryRoutes({ store, pool, authenticate }));
    app.use(emailTemplateQueryRoutes({ authenticate, renderHtml: (content) => renderEmailHtml(content) }));
  }
}

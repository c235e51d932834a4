import { Router, type Request } from 'express';
import { assertAllowed, NotFoundError, UnauthorizedError, type Actor } from '@onboard/domain';
import { EMAIL_TEMPLATES, TEMPLATE_LIST, emailText } from '@onboard/domain/emails/templates';
import type { EmailKind } from '@onboard/events';
import { mount } from '@onboard/api-contract/express';
import { renderEmailHtml } from './render.ts';
import { listEmailTemplates, previewEmailTemplate } from './routes.contract.ts';

/** Staff preview each e-mail template with its sample data, as HTML (MJML) and text. */
export function emailTemplateRoutes(deps: { authenticate: (req: Request) => Promise<Actor | null> }): Router {
  const router = Router();
  const staff = async (req: Request) => {
    const actor = await deps.authenticate(req);
    if (!actor) throw new UnauthorizedError();
    assertAllowed(actor, 'emails', 'read');
  };

  mount(router, listEmailTemplates, async (req, res) => {
    await staff(req);
    res.json(TEMPLATE_LIST.map((t) => ({ kind: t.kind, label: t.label })));
  });
  mount(router, previewEmailTemplate, async (req, res) => {
    await staff(req);
    const template = EMAIL_TEMPLATES[String(req.params.kind) as EmailKind];
    if (!template) throw new NotFoundError('No template of that kind');
    const content = template.build(template.sample);
    res.json({
      kind: template.kind,
      label: template.label,
      subject: content.subject,
      text: emailText(content),
      html: await renderEmailHtml(content),
      sample: template.sample,
    });
  });
  return router;
}

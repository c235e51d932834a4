import { Router } from 'express';
import { NotFoundError, EMAIL_TEMPLATES, TEMPLATE_LIST, emailText, type EmailContent } from '@onboard/domain';
import type { EmailKind } from '@onboard/events';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type Authenticate } from '../http/context.ts';
import { listEmailTemplates, previewEmailTemplate } from './templates.contract.ts';

export type EmailTemplateDeps = {
  authenticate: Authenticate;
  /** An e-mail's HTML as it is sent (the platform's MJML renderer). */
  renderHtml: (content: EmailContent) => Promise<string>;
};

/** Staff preview each e-mail template with its sample data, as HTML (MJML) and text. */
export function emailTemplateQueryRoutes(deps: EmailTemplateDeps): Router {
  const router = Router();
  const staff = async (req: Parameters<Authenticate>[0]) =>
    requirePermission(await requireActor(deps.authenticate, req), 'emails', 'read');

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
      html: await deps.renderHtml(content),
      sample: template.sample,
    });
  });
  return router;
}

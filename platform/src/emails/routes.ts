import { Router, type Request } from 'express';
import {
  assertAllowed,
  NotFoundError,
  UnauthorizedError,
  type Actor,
  EMAIL_TEMPLATES,
  TEMPLATE_LIST,
  emailText,
  emailDecider,
} from '@onboard/domain';
import type { EmailKind } from '@onboard/events';
import { mount } from '@onboard/api-contract/express';
import { renderEmailHtml } from './render.ts';
import { emailOpened, listEmailTemplates, previewEmailTemplate } from './routes.contract.ts';
import { emailStream, handleCommand, type EventStore } from '@onboard/events';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Records an e-mail opened the first time its pixel loads, once it was sent; anything else (unknown,
 * not sent yet, opened before) changes nothing, and the answer is the same pixel either way.
 */
async function recordOpened(store: EventStore, emailId: string, now: Date, newId: () => string) {
  const opened = await handleCommand(store, emailDecider, {
    stream: emailStream(emailId),
    newId,
    command: {
      type: 'RecordEmailOpened',
      data: { emailId },
      metadata: { at: now.toISOString(), by: { userId: 'system:email-open', role: 'SYSTEM' } },
    },
    metadata: {
      actorId: 'system:email-open',
      actorRole: 'SYSTEM',
      occurredAt: now.toISOString(),
      correlationId: emailId,
    },
  });
  return opened.ok;
}

/** Staff preview each e-mail template with its sample data, as HTML (MJML) and text. */
export function emailTemplateRoutes(deps: {
  authenticate: (req: Request) => Promise<Actor | null>;
  /** For the open pixel; without it the pixel records nothing. */
  store?: EventStore;
  now?: () => Date;
  newId?: () => string;
}): Router {
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
  mount(router, emailOpened, async (req, res) => {
    if (deps.store && deps.now && deps.newId)
      await recordOpened(deps.store, String(req.params.emailId), deps.now(), deps.newId).catch(() => false);
    res.set('cache-control', 'no-store').type('image/gif').send(PIXEL);
  });
  return router;
}

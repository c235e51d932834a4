import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';
import { EMAIL_KINDS } from '@onboard/events';

export const EmailTemplateSummary = z
  .object({ kind: z.enum(EMAIL_KINDS), label: z.string() })
  .meta({ id: 'EmailTemplateSummary' });

export const EmailTemplatePreview = EmailTemplateSummary.extend({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sample: z.record(z.string(), z.string()).meta({ description: 'The sample values filled in' }),
}).meta({ id: 'EmailTemplatePreview' });

export const listEmailTemplates = defineRoute('GET /api/email-templates', {
  tag: 'emails',
  summary: 'Every e-mail template, by kind (admin and owner)',
  responses: { 200: json(z.array(EmailTemplateSummary), 'The templates'), 403: problem('Not allowed') },
});

export const previewEmailTemplate = defineRoute('GET /api/email-templates/{kind}/preview', {
  tag: 'emails',
  summary: 'A template rendered with sample data, HTML and text (admin and owner)',
  request: { params: z.object({ kind: z.string().min(1) }) },
  responses: {
    200: json(EmailTemplatePreview, 'The rendered e-mail'),
    403: problem('Not allowed'),
    404: problem('No template of that kind'),
  },
});

import { RuleError, type Actor } from '@onboard/domain';
import { readRawFile, requireFileName, refuseDeclaredOversize } from '../http/raw-upload.ts';
import type { uploadSigningTemplate } from './routes.contract.ts';
import type { RequestHandler } from 'express';
import type { RouteHandler } from '@onboard/api-contract/express';
import { notPdf, type OnboardingForms } from './context.ts';

/** Staff upload a PDF as a signing template: kept in the document store, then the template created. */
export const uploadTemplate =
  (forms: OnboardingForms): RouteHandler<typeof uploadSigningTemplate> =>
  async (req, res) => {
    const { deps, eSignature, decideTemplate } = forms;
    const actor = res.locals.actor as Actor;
    const bytes: unknown = req.body;
    if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw notPdf();
    const fileName = requireFileName(req);
    const read = await eSignature.readPdf(bytes);
    if (!read) throw notPdf();
    if (!deps.documents.put) throw new RuleError('UPLOADS_OFF', 'This server cannot store documents');
    const templateId = deps.newId();
    const documentId = deps.newId();
    await deps.documents.put({
      documentId,
      bytes,
      mimeType: 'application/pdf',
      name: fileName,
      uploadedBy: actor.userId,
    });
    const after = await decideTemplate(actor, {
      type: 'CreateTemplate',
      data: {
        templateId,
        name: fileName.replace(/\.pdf$/i, ''),
        documentId,
        fileName,
        sha256: eSignature.sha256(bytes),
        pages: read.pages,
      },
    });
    res.status(201).json(after);
  };

/** Before the body is read: staff only, a PDF's media type, within the size limit. */
export const uploadTemplateChecks = (forms: OnboardingForms): RequestHandler[] => [
  async (req, res, next) => {
    res.locals.actor = await forms.requireStaff(req);
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/pdf' && type !== 'application/octet-stream') throw notPdf();
    refuseDeclaredOversize(req);
    next();
  },
  readRawFile,
];

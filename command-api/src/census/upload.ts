import type { RequestHandler } from 'express';
import { RuleError, type Actor } from '@onboard/domain';
import { missingColumns, missingColumnsMessage } from '@onboard/domain/census';
import type { RouteHandler } from '@onboard/api-contract/express';
import { invalidFile, readRawFile, requireFileName, refuseDeclaredOversize } from '../http/raw-upload.ts';
import { CSV_MIME_TYPE, XLSX_MIME_TYPE } from './file.ts';
import type { uploadCensus } from './routes.contract.ts';
import type { Census } from './context.ts';

type Uploading = { actor: Actor; clientId: string; policyId: string; platform: string | null };

/** Before the body is read: the caller, uploads on, the declared size, and the policy. */
export const uploadChecks = (census: Census): RequestHandler[] => [
  async (req, res, next) => {
    const { deps, access, requirePolicy } = census;
    const { actor, clientId, policyId } = await access(req);
    if (!deps.documents.put)
      throw new RuleError('UPLOADS_OFF', 'This server only reads documents from the external document store');
    refuseDeclaredOversize(req);
    const { platform } = await requirePolicy(clientId, policyId);
    res.locals.census = { actor, clientId, policyId, platform } satisfies Uploading;
    next();
  },
  readRawFile,
];

/** A census file uploaded: checked whole, then kept and recorded with the columns its headers suggest. */
export const upload =
  (census: Census): RouteHandler<typeof uploadCensus> =>
  async (req, res) => {
    const { deps, inspect, suggest, execute, resultOf } = census;
    const { actor, clientId, policyId, platform } = res.locals.census as Uploading;
    const name = requireFileName(req);
    const body: unknown = req.body;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const inspected = await inspect(bytes);
    const { mapping, matches, remembered } = await suggest(clientId, platform, inspected.headers);
    const missing = missingColumns(mapping);
    if (missing.length > 0) throw invalidFile(missingColumnsMessage(missing));

    // Checked whole: only now is anything stored, the bytes first and then the event naming them.
    const documentId = deps.newId();
    await deps.documents.put!({
      documentId,
      bytes,
      mimeType: inspected.format === 'CSV' ? CSV_MIME_TYPE : XLSX_MIME_TYPE,
      name,
      uploadedBy: actor.userId,
      personalData: { clientId },
    });
    const { after } = await execute(req, actor, clientId, policyId, {
      type: 'UploadCensus',
      data: {
        clientId,
        policyId,
        documentId,
        fileName: name,
        format: inspected.format,
        size: bytes.length,
        headers: inspected.headers,
        mapping,
        reading: inspected.reading,
        matches,
        remembered,
      },
    });
    res.status(201).json(resultOf(after, documentId));
  };

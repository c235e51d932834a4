import archiver from 'archiver';
import {
  AppError,
  DOCUMENT_MESSAGES,
  NotFoundError,
  ValidationError,
  contentDisposition,
} from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { manyOf, type zipDocuments } from './routes.contract.ts';
import { SELECT, type DocumentQueries, type Row } from './context.ts';

const MAX_ZIPPED_DOCUMENTS = 100;

/** `a.pdf`, `a (2).pdf`, ...: names inside one zip are unique. */
export function uniqueZipNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Several documents of a client in one zip, streamed as it is built once the files are gathered in time. */
export const zip =
  ({ deps, requireClient, bytesOf }: DocumentQueries): RouteHandler<typeof zipDocuments> =>
  async (req, res, input) => {
    const { clientId } = await requireClient(req);
    const ids = manyOf(input.query() as Record<string, unknown>, 'documentIds');
    if (ids.length === 0)
      throw new ValidationError(
        { 'query.documentIds': DOCUMENT_MESSAGES.zipNone },
        DOCUMENT_MESSAGES.zipNone,
      );
    if (ids.length > MAX_ZIPPED_DOCUMENTS)
      throw new ValidationError(
        { 'query.documentIds': DOCUMENT_MESSAGES.zipTooMany },
        DOCUMENT_MESSAGES.zipTooMany,
      );
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where d.client_id = $1 and d.document_id = any($2) and d.deleted_at is null`,
      [clientId, ids],
    );
    if (rows.length !== ids.length) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    const ordered = ids.map((id) => rows.find((r) => r.document_id === id)!);
    // The files are gathered first, within the limit, so a timeout is still an answer of its own.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError(422, 'FILE_ZIPPING_TIMEOUT', DOCUMENT_MESSAGES.zipTimeout)),
        deps.zipTimeoutMs,
      );
    });
    let files: Buffer[];
    try {
      files = await Promise.race([
        Promise.all(
          ordered.map(async (r) => {
            const file = await deps.documents.get(r.document_key);
            if (!file) throw new NotFoundError('A document is not available for download');
            return bytesOf(r, file);
          }),
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
    const names = uniqueZipNames(ordered.map((r) => r.name));
    const archive = archiver('zip', { zlib: { level: 6 } });
    res
      .status(200)
      .set('content-type', 'application/zip')
      .set('cache-control', 'private, no-store')
      .set(
        'content-disposition',
        contentDisposition(`documents-${new Date().toISOString().slice(0, 10)}.zip`),
      );
    archive.on('error', () => res.destroy());
    archive.pipe(res);
    files.forEach((file, i) => archive.append(file, { name: names[i]! }));
    await archive.finalize();
  };

import { NotFoundError, contentDisposition } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { getClientVideo } from './routes.contract.ts';
import { bufferOf, type DocumentQueries } from './context.ts';

/** A client's video, played inline. */
export const video =
  ({ deps, requireClient }: DocumentQueries): RouteHandler<typeof getClientVideo> =>
  async (req, res) => {
    const { clientId } = await requireClient(req);
    const { rows } = await deps.pool.query<{ document_key: string; name: string }>(
      `select document_key, name from rm_document_videos
       where client_id = $1 and video_id = $2 and deleted_at is null`,
      [clientId, String(req.params.vidyardId)],
    );
    if (!rows[0]) throw new NotFoundError('Video not found');
    const file = await deps.videos.get(rows[0].document_key);
    if (!file) throw new NotFoundError('Video not found');
    res
      .status(200)
      .set('content-type', 'video/mp4')
      .set('cache-control', 'private, no-store')
      .set('content-disposition', contentDisposition(rows[0].name).replace(/^attachment/, 'inline'))
      .send(bufferOf(file));
  };

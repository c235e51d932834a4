import { AppError } from '@onboard/domain';
import { censusAsMembers, dataFeedFactsOf } from '@onboard/domain/data-feed';
import type { RouteHandler } from '@onboard/api-contract/express';
import { submittedCensus } from './census.ts';
import { write834 } from './x12.ts';
import type { exportCensusAs834 } from './routes.contract.ts';
import { EDI_MIME_TYPE, loadCompanionGuide, loadView, requireUploads, type DataFeed } from './context.ts';

/** Staff make the submitted census an 834, stored as a document of the client. */
export const exportCensus =
  (feed: DataFeed): RouteHandler<typeof exportCensusAs834> =>
  async (req, res) => {
    const { deps, access, execute } = feed;
    const { actor, clientId } = await access(req, true);
    const put = requireUploads(deps.documents);
    const view = await loadView(deps, clientId);
    const census = await submittedCensus(deps, view);
    if (census === null)
      throw new AppError(
        400,
        'NO_CENSUS',
        'No census is submitted yet: submit one on a policy’s enrollment elections task',
      );
    const { state: guide } = await loadCompanionGuide(deps.store);
    const members = censusAsMembers(census, dataFeedFactsOf(view), guide.profile);
    const now = deps.now();
    const text = write834(
      {
        sponsorName: view.name,
        sponsorTaxId: view.taxId,
        reference: `CENSUS${now.toISOString().slice(0, 10).replaceAll('-', '')}`,
        members,
      },
      guide.profile,
      now,
    );
    const documentId = deps.newId();
    const fileName = `${view.name} - census ${now.toISOString().slice(0, 10)}.834`;
    await put({
      documentId,
      bytes: Buffer.from(text, 'utf8'),
      mimeType: EDI_MIME_TYPE,
      name: fileName,
      uploadedBy: actor.userId,
      personalData: { clientId },
    });
    await execute(req, actor, clientId, {
      type: 'RecordCensusExport',
      data: { clientId, documentId, fileName, members: members.length },
    });
    res.status(201).json({ documentId, fileName, members: members.length });
  };

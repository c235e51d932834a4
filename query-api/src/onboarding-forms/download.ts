import type { Request } from 'express';
import { NotFoundError, onboardingFormView, signedFormFileName } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { downloadOnboardingForm, downloadOnboardingFormDocument } from './routes.contract.ts';
import type { OnboardingFormReads } from './context.ts';

/** The form the path names, for a reader of the client or the holder of its signing session. */
const downloadable = async (
  { readForm, requireDownloader }: OnboardingFormReads,
  req: Request,
  token: string | undefined,
) => {
  const clientId = String(req.params.clientId);
  const envelopeId = String(req.params.onboardingFormId);
  await requireDownloader(req, clientId, envelopeId, token);
  return { clientId, state: await readForm(clientId, envelopeId) };
};

/** The form's PDF: once completed, named for the client and the day it was signed. */
export const downloadForm =
  (reads: OnboardingFormReads): RouteHandler<typeof downloadOnboardingForm> =>
  async (req, res, input) => {
    const { deps, sendPdf } = reads;
    const { clientId, state } = await downloadable(reads, req, input.query().token);
    if (state.status !== 'completed' || !state.completedAt) {
      await sendPdf(res, state.documentId, state.formName);
      return;
    }
    const { rows } = await deps.pool.query<{ name: string }>(
      'select name from rm_clients where client_id = $1',
      [clientId],
    );
    await sendPdf(
      res,
      state.documentId,
      signedFormFileName(state.formName, rows[0]?.name ?? clientId, state.completedAt),
    );
  };

/** One version of the form's document. */
export const downloadDocument =
  (reads: OnboardingFormReads): RouteHandler<typeof downloadOnboardingFormDocument> =>
  async (req, res, input) => {
    const { deps, sendPdf } = reads;
    const { state } = await downloadable(reads, req, input.query().token);
    const docId = String(req.params.docId);
    const view = onboardingFormView(state, deps.now());
    const version = view.documents.find((d) => d.docId === docId);
    if (!version) throw new NotFoundError('No such version of this form');
    await sendPdf(res, docId, version.name);
  };

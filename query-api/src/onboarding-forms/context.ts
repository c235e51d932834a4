import type { Request, Response } from 'express';
import { sendDownload } from '@onboard/api-contract/express';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  isInternal,
  type Actor,
  type DocumentStore,
  assertAllowed,
  LINK_EXPIRED_MESSAGE,
  type ESignatureService,
  type EnvelopeState,
  type SigningTemplateState,
} from '@onboard/domain';
import { requireActor, type QueryDeps } from '../http/context.ts';

export type OnboardingFormQueryDeps = QueryDeps & {
  documents: Pick<DocumentStore, 'get'>;
  /** Verifies a signing session's token, for downloads by a recipient without an account. */
  eSignature: Pick<ESignatureService, 'verifyToken'>;
  now: () => Date;
};

/** What every read of the onboarding forms shares: the dependencies, the reader checked, a form, a PDF sent. */
export type OnboardingFormReads = ReturnType<typeof onboardingFormReads>;

export function onboardingFormReads(deps: OnboardingFormQueryDeps) {
  const readForm = async (clientId: string, envelopeId: string) => {
    const { rows } = await deps.pool.query<{ state: EnvelopeState }>(
      'select state from rm_onboarding_forms where envelope_id = $1 and client_id = $2',
      [envelopeId, clientId],
    );
    if (!rows[0]) throw new NotFoundError('No such onboarding form for this client');
    return rows[0].state;
  };

  const readTemplate = async (templateId: string) => {
    const { rows } = await deps.pool.query<{ state: NonNullable<SigningTemplateState> }>(
      'select state from rm_onboarding_form_templates where template_id = $1',
      [templateId],
    );
    if (!rows[0]) throw new NotFoundError('No such onboarding form template');
    return rows[0].state;
  };

  const requireReader = async (req: Request, clientId: string): Promise<Actor> => {
    const actor = await requireActor(deps.authenticate, req);
    assertAllowed(actor, 'onboarding-forms', 'read', { clientId });
    return actor;
  };

  const requireStaff = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage onboarding form templates');
  };

  /** A signed-in reader of the client, or the holder of a signing session for this very form. */
  const requireDownloader = async (
    req: Request,
    clientId: string,
    envelopeId: string,
    token: string | undefined,
  ) => {
    if (token) {
      const claims = deps.eSignature.verifyToken(token, deps.now());
      if (
        !claims ||
        claims.purpose !== 'session' ||
        claims.clientId !== clientId ||
        claims.envelopeId !== envelopeId
      )
        throw new AppError(400, 'LINK_EXPIRED', LINK_EXPIRED_MESSAGE);
      return;
    }
    await requireReader(req, clientId);
  };

  const sendPdf = async (res: Response, documentId: string, name: string) => {
    const file = await deps.documents.get(documentId);
    if (!file) throw new NotFoundError('This document is not available for download yet');
    const pdfName = name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
    sendDownload(res, { bytes: file.bytes, name: pdfName, mimeType: 'application/pdf' });
  };

  return { deps, readForm, readTemplate, requireReader, requireStaff, requireDownloader, sendPdf };
}

import { Router, type Request } from 'express';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  contentDisposition,
  isInternal,
  type Actor,
  type DocumentStore,
  assertAllowed,
  LINK_EXPIRED_MESSAGE,
  currentRoutingOrder,
  isActive,
  onboardingFormView,
  type ESignatureService,
  type EnvelopeState,
  type SigningTemplateState,
  signedFormFileName,
  type AuditTrail,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type QueryDeps } from '../http/context.ts';
import {
  downloadOnboardingForm,
  downloadOnboardingFormDocument,
  getOnboardingFormTemplate,
  listOnboardingForms,
  listSigningTemplates,
  onboardingFormLockStatus,
  readyToSignRecipients,
  signingTemplatePdf,
} from './routes.contract.ts';

export type OnboardingFormQueryDeps = QueryDeps & {
  documents: Pick<DocumentStore, 'get'>;
  /** Verifies a signing session's token, for downloads by a recipient without an account. */
  eSignature: Pick<ESignatureService, 'verifyToken'>;
  now: () => Date;
};

/** The onboarding forms read model (projections/src/onboarding-forms.ts) and the forms' PDFs. */
export function onboardingFormQueryRoutes(deps: OnboardingFormQueryDeps): Router {
  const router = Router();

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

  const sendPdf = async (
    res: Parameters<Parameters<typeof mount>[2]>[1],
    documentId: string,
    name: string,
  ) => {
    const file = await deps.documents.get(documentId);
    if (!file) throw new NotFoundError('This document is not available for download yet');
    res
      .status(200)
      .set('content-type', 'application/pdf')
      .set('cache-control', 'private, no-store')
      .set(
        'content-disposition',
        contentDisposition(name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`),
      )
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  };

  mount(router, listOnboardingForms, async (req, res) => {
    const clientId = String(req.params.clientId);
    const actor = await requireReader(req, clientId);
    const { rows } = await deps.pool.query<{ state: EnvelopeState; trail: AuditTrail | null }>(
      'select state, trail from rm_onboarding_forms where client_id = $1 order by created_at desc, envelope_id',
      [clientId],
    );
    // Where each step came from (address, browser) is for staff; the client's people read who did what, when.
    const staff = isInternal(actor);
    res.set('cache-control', 'no-store').json(
      rows.map((r) => ({
        ...onboardingFormView(r.state, deps.now()),
        trail: (r.trail?.recipients ?? []).map(({ name, role, email, steps }) => ({
          name,
          role,
          email,
          steps: steps.map((step) => (staff ? step : { ...step, ipAddress: null, userAgent: null })),
        })),
      })),
    );
  });

  mount(router, readyToSignRecipients, async (req, res) => {
    const clientId = String(req.params.clientId);
    const actor = await requireReader(req, clientId);
    const { rows } = await deps.pool.query<{ state: EnvelopeState }>(
      `select state from rm_onboarding_forms where client_id = $1 and status = 'sent' order by created_at`,
      [clientId],
    );
    const ready = rows.flatMap(({ state }) => {
      const order = currentRoutingOrder(state);
      return state.recipients
        .filter(
          (r) => isActive(r) && r.routingOrder === order && (isInternal(actor) || r.userId === actor.userId),
        )
        .map((r) => ({
          onboardingFormId: state.envelopeId,
          formName: state.formName,
          recipientId: r.recipientId,
          name: r.name,
          roleName: state.roles.find((role) => role.roleId === r.roleId)?.name ?? '',
          hasAccount: r.userId !== null,
        }));
    });
    res.set('cache-control', 'no-store').json(ready);
  });

  mount(router, getOnboardingFormTemplate, async (req, res) => {
    await requireReader(req, String(req.params.clientId));
    res.json(await readTemplate(String(req.params.templateId)));
  });

  mount(router, listSigningTemplates, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage onboarding form templates');
    const { rows } = await deps.pool.query<{ state: NonNullable<SigningTemplateState> }>(
      'select state from rm_onboarding_form_templates order by updated_at desc',
    );
    res.set('cache-control', 'no-store').json(rows.map((r) => r.state));
  });

  mount(router, signingTemplatePdf, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage onboarding form templates');
    const template = await readTemplate(String(req.params.templateId));
    await sendPdf(res, template.documentId, template.fileName);
  });

  mount(router, downloadOnboardingForm, async (req, res, input) => {
    const clientId = String(req.params.clientId);
    const envelopeId = String(req.params.onboardingFormId);
    await requireDownloader(req, clientId, envelopeId, input.query().token);
    const state = await readForm(clientId, envelopeId);
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
  });

  mount(router, downloadOnboardingFormDocument, async (req, res, input) => {
    const clientId = String(req.params.clientId);
    const envelopeId = String(req.params.onboardingFormId);
    await requireDownloader(req, clientId, envelopeId, input.query().token);
    const state = await readForm(clientId, envelopeId);
    const docId = String(req.params.docId);
    const view = onboardingFormView(state, deps.now());
    const version = view.documents.find((d) => d.docId === docId);
    if (!version) throw new NotFoundError('No such version of this form');
    await sendPdf(res, docId, version.name);
  });

  mount(router, onboardingFormLockStatus, async (req, res) => {
    const clientId = String(req.params.clientId);
    await requireReader(req, clientId);
    const { lock } = onboardingFormView(
      await readForm(clientId, String(req.params.onboardingFormId)),
      deps.now(),
    );
    res.set('cache-control', 'no-store').json({
      locked: lock !== null,
      recipientName: lock?.recipientName ?? null,
      until: lock?.until ?? null,
    });
  });

  return router;
}

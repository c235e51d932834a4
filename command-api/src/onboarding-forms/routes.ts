import { addDays, addMinutes } from 'date-fns';
import { Router, type Request } from 'express';
import type pg from 'pg';
import {
  envelopeStream,
  parseEvent,
  signingTemplateStream,
  type EnvelopeEvent,
  type EnvelopeRecipient,
} from '@onboard/events';
import {
  AppError,
  FILE_NAME_MISSING_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  ForbiddenError,
  MAX_UPLOAD_BYTES,
  NotFoundError,
  RuleError,
  ValidationError,
  isInternal,
  type Actor,
  type DocumentStore,
  foldWith,
  LINK_EXPIRED_MESSAGE,
  NO_SUCH_TEMPLATE,
  SIGNING_LINK_MINUTES,
  SIGNING_SESSION_MINUTES,
  auditCertificate,
  envelopeDecider,
  fieldsOf,
  onboardingFormView,
  quorumNote,
  signingLinkPath,
  signingTemplateDecider,
  type ESignatureService,
  type EnvelopeCommand,
  type EnvelopeIntent,
  type EnvelopeState,
  type FieldStamp,
  type SigningOrigin,
  type SigningTemplateCommand,
  type SigningTokenClaims,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import type { EmailSender } from '../auth/email-port.ts';
import { requireActor, requirePermission, type CommandDeps } from '../http/context.ts';
import { decideOnStream } from '../http/decide.ts';
import { EMAILED_LINK_DAYS, onboardingFormEmails } from './emails.ts';
import { FILE_NAME_HEADER, readRawFile, uploadedFileName } from '../http/raw-upload.ts';
import {
  addOnboardingFormRecipient,
  createOnboardingForm,
  embeddedView,
  embeddedViewAction,
  extendSigningLink,
  reassignRecipient,
  setSigningTemplateFields,
  syncEnvelope,
  updateOnboardingFormEmail,
  uploadSigningTemplate,
  voidOnboardingForm,
} from './routes.contract.ts';

export type OnboardingFormCommandDeps = CommandDeps & {
  /** The read models: users' current e-mails, and which forms name an address. */
  pool: Pick<pg.Pool, 'query'>;
  documents: DocumentStore;
  eSignature: ESignatureService;
  /** Recipients without an account get their signing link by e-mail (the outbox). */
  emailSender?: EmailSender;
  publicUrl?: () => string;
};

const NOT_A_PDF_MESSAGE = 'The template must be a PDF';
const SIGNING_RACE_MESSAGE =
  'This form was changed by someone else at the same moment. Reload and try again.';

/** The decider's turn and lock refusals are conflicts with the form's state: 409, with their code. */
async function asConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'NOT_YOUR_TURN' || error.code === 'LOCKED' || error.code === 'NO_LONGER_NEEDED')
    )
      throw new AppError(409, error.code, error.message);
    throw error;
  }
}

const notPdf = () => new ValidationError({ 'body.file': NOT_A_PDF_MESSAGE }, NOT_A_PDF_MESSAGE);

/**
 * Onboarding forms with Onboard's own e-signature: templates (`template-{id}`) and envelopes
 * (`envelope-{id}`), each write decided by its decider and appended at the revision read. Signing actions
 * are authorised by a signing link's token (single use, short-lived) exchanged for a signing session, so a
 * recipient without an account signs the same way as one with.
 */
export function onboardingFormCommandRoutes(deps: OnboardingFormCommandDeps): Router {
  const router = Router();
  const { eSignature } = deps;

  const readEnvelope = async (clientId: string, envelopeId: string): Promise<EnvelopeState> => {
    const recorded = await deps.store.readStream(envelopeStream(envelopeId));
    const state = foldWith(
      envelopeDecider,
      recorded.map((r) => parseEvent(r) as never),
    );
    if (!state || state.clientId !== clientId)
      throw new NotFoundError('No such onboarding form for this client');
    return state;
  };

  const readTemplate = async (templateId: string) => {
    const recorded = await deps.store.readStream(signingTemplateStream(templateId));
    return foldWith(
      signingTemplateDecider,
      recorded.map((r) => parseEvent(r) as never),
    );
  };

  const executeEnvelope = async (
    req: Request,
    actor: { userId: string; role: string },
    intent: EnvelopeIntent,
    /** The moment to record, when the handler already used it (the audit certificate of a signature). */
    at?: string,
  ): Promise<EnvelopeState> =>
    asConflicts(async () => {
      const { after } = await decideOnStream(deps, {
        request: { ifMatch: null, correlationId: req.header('x-correlation-id') ?? deps.newId() },
        // A recipient by signing link has no portal role: the events record them as SIGNER.
        actor: actor as Pick<Actor, 'userId' | 'role'>,
        stream: envelopeStream(intent.data.envelopeId),
        decider: envelopeDecider,
        build: (_state, metadata) =>
          ({ ...intent, metadata: at ? { ...metadata, at } : metadata }) as EnvelopeCommand,
        conflictMessage: SIGNING_RACE_MESSAGE,
        // A signing link issued meanwhile (an e-mail going out) is no reason to refuse: decide again.
        retriesOnRace: 2,
      });
      return after!;
    });

  const requireStaff = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage onboarding form templates');
    return actor;
  };

  const recipientOf = (body: {
    roleId?: string;
    name: string;
    email: string;
    userId?: string | null | undefined;
  }) =>
    ({
      recipientId: deps.newId(),
      roleId: body.roleId ?? '',
      name: body.name,
      email: body.email,
      userId: body.userId ?? null,
    }) satisfies EnvelopeRecipient;

  const viewOf = (state: EnvelopeState) => onboardingFormView(state, deps.now());

  // Templates -------------------------------------------------------------------------------------------

  mount(
    router,
    uploadSigningTemplate,
    async (req, res) => {
      const actor = res.locals.actor as Actor;
      const bytes: unknown = req.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw notPdf();
      const fileName = uploadedFileName(req.get(FILE_NAME_HEADER));
      if (!fileName) throw new ValidationError({ [`header.${FILE_NAME_HEADER}`]: FILE_NAME_MISSING_MESSAGE });
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
      const { after } = await decideOnStream(deps, {
        request: { ifMatch: null, correlationId: deps.newId() },
        actor,
        stream: signingTemplateStream(templateId),
        decider: signingTemplateDecider,
        build: (_s, metadata) =>
          ({
            type: 'CreateTemplate',
            data: {
              templateId,
              name: fileName.replace(/\.pdf$/i, ''),
              documentId,
              fileName,
              sha256: eSignature.sha256(bytes),
              pages: read.pages,
            },
            metadata,
          }) satisfies SigningTemplateCommand,
      });
      res.status(201).json(after);
    },
    {
      before: [
        async (req, res, next) => {
          res.locals.actor = await requireStaff(req);
          const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
          if (type !== 'application/pdf' && type !== 'application/octet-stream') throw notPdf();
          if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES)
            throw new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
          next();
        },
        readRawFile,
      ],
    },
  );

  mount(router, setSigningTemplateFields, async (req, res, input) => {
    const actor = await requireStaff(req);
    const templateId = String(req.params.templateId);
    const { roles, fields } = input.body();
    const { after } = await decideOnStream(deps, {
      request: { ifMatch: null, correlationId: deps.newId() },
      actor,
      stream: signingTemplateStream(templateId),
      decider: signingTemplateDecider,
      build: (_s, metadata) =>
        ({
          type: 'SetTemplateFields',
          data: { templateId, roles, fields },
          metadata,
        }) satisfies SigningTemplateCommand,
    });
    res.json(after);
  });

  // Envelopes -------------------------------------------------------------------------------------------

  mount(router, createOnboardingForm, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'create', { clientId });
    const body = input.body();
    const template = await readTemplate(body.templateId);
    if (!template) throw new NotFoundError(NO_SUCH_TEMPLATE);
    const envelopeId = deps.newId();
    const state = await executeEnvelope(req, actor, {
      type: 'CreateEnvelope',
      data: {
        envelopeId,
        clientId,
        template: { ...template },
        formName: body.formName ?? template.name,
        recipients: body.recipients.map(recipientOf),
      },
    });
    res.status(201).json(viewOf(state));
  });

  mount(router, addOnboardingFormRecipient, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'update', { clientId });
    const envelopeId = String(req.params.onboardingFormId);
    await readEnvelope(clientId, envelopeId);
    const state = await executeEnvelope(req, actor, {
      type: 'AddRecipient',
      data: { envelopeId, clientId, recipient: recipientOf(input.body()) },
    });
    res.status(201).json(viewOf(state));
  });

  mount(router, reassignRecipient, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-form-reassign', 'update');
    const envelopeId = String(req.params.onboardingFormId);
    await readEnvelope(clientId, envelopeId);
    const body = input.body();
    const state = await executeEnvelope(req, actor, {
      type: 'ReassignRecipient',
      data: { envelopeId, clientId, fromRecipientId: body.recipientId, recipient: recipientOf(body) },
    });
    res.json(viewOf(state));
  });

  mount(router, voidOnboardingForm, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'delete', { clientId });
    const envelopeId = String(req.params.onboardingFormId);
    await readEnvelope(clientId, envelopeId);
    await executeEnvelope(req, actor, {
      type: 'VoidEnvelope',
      data: { envelopeId, clientId, reason: input.query().reason?.trim() || 'Voided by staff' },
    });
    res.status(204).end();
  });

  mount(router, extendSigningLink, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'create', { clientId });
    if (!isInternal(actor)) throw new ForbiddenError('Only staff extend a signing link');
    const envelopeId = String(req.params.onboardingFormId);
    const recipientId = String(req.params.recipientId);
    const state = await readEnvelope(clientId, envelopeId);
    // As long again as a new e-mailed link, from now or from its present expiry, whichever is later.
    const link = state.links.filter((l) => l.recipientId === recipientId).at(-1);
    const from = link && link.expiresAt > deps.now().toISOString() ? new Date(link.expiresAt) : deps.now();
    const after = await executeEnvelope(req, actor, {
      type: 'ExtendSigningLink',
      data: { envelopeId, clientId, recipientId, expiresAt: addDays(from, EMAILED_LINK_DAYS).toISOString() },
    });
    res.json(viewOf(after));
  });

  mount(router, syncEnvelope, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'read', { clientId });
    res.json(viewOf(await readEnvelope(clientId, String(req.params.onboardingFormId))));
  });

  mount(router, embeddedView, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'onboarding-forms', 'read', { clientId });
    const envelopeId = String(req.params.onboardingFormId);
    const recipientId = String(req.params.recipientId);
    const state = await readEnvelope(clientId, envelopeId);
    const recipient = state.recipients.find((r) => r.recipientId === recipientId);
    if (!recipient) throw new NotFoundError('No such recipient on this onboarding form');
    // A recipient opens their own view; staff may open one for a recipient without an account.
    const isOwn = recipient.userId !== null && recipient.userId === actor.userId;
    if (!isOwn && !(isInternal(actor) && recipient.userId === null))
      throw new ForbiddenError('Only the recipient may sign in their place');
    const linkId = deps.newId();
    // A recipient without an account gets the link by e-mail, so it waits days rather than minutes.
    const emailed = !isOwn && deps.emailSender !== undefined && deps.publicUrl !== undefined;
    const expiresAt = (
      emailed ? addDays(deps.now(), EMAILED_LINK_DAYS) : addMinutes(deps.now(), SIGNING_LINK_MINUTES)
    ).toISOString();
    await executeEnvelope(req, actor, {
      type: 'IssueSigningLink',
      data: { envelopeId, clientId, recipientId, linkId, expiresAt },
    });
    const token = eSignature.issueToken({
      purpose: 'link',
      envelopeId,
      clientId,
      recipientId,
      linkId,
      expiresAt,
    });
    const url = signingLinkPath(clientId, envelopeId, recipientId, token);
    if (emailed)
      await onboardingFormEmails({
        ...deps,
        emailSender: deps.emailSender!,
        publicUrl: deps.publicUrl!,
      }).send({
        kind: 'ONBOARDING_FORM_TO_SIGN',
        clientId,
        envelopeId,
        recipientId,
        name: recipient.name,
        email: recipient.email,
        userId: recipient.userId,
        data: { formName: state.formName },
        actor: { userId: actor.userId, role: actor.role },
        link: `${deps.publicUrl!().replace(/\/+$/, '')}${url}`,
        days: String(EMAILED_LINK_DAYS),
      });
    res.status(201).json({ url, expiresAt });
  });

  mount(router, embeddedViewAction, async (req, res, input) => {
    const clientId = String(req.params.clientId);
    const envelopeId = String(req.params.onboardingFormId);
    const action = String(req.params.action) as 'open' | 'sign' | 'decline' | 'finish-later';
    const body = input.body();
    const purpose = action === 'open' ? 'link' : 'session';
    // A link's expiry is the envelope's (OpenSigningView checks it; staff may have extended it); a
    // session's is its token's.
    const claims = eSignature.verifyToken(body.token, purpose === 'link' ? null : deps.now());
    if (
      !claims ||
      claims.purpose !== purpose ||
      claims.envelopeId !== envelopeId ||
      claims.clientId !== clientId
    )
      throw new AppError(400, 'LINK_EXPIRED', LINK_EXPIRED_MESSAGE);
    const { recipientId } = claims;
    const state = await readEnvelope(clientId, envelopeId);
    const recipient = state.recipients.find((r) => r.recipientId === recipientId);
    if (!recipient) throw new AppError(400, 'LINK_EXPIRED', LINK_EXPIRED_MESSAGE);
    const signer = { userId: recipient.userId ?? `signing-link:${claims.linkId}`, role: 'SIGNER' };
    const origin: SigningOrigin = {
      ipAddress: req.ip ?? req.socket.remoteAddress ?? null,
      userAgent: req.get('user-agent') ?? null,
      userId: recipient.userId,
      linkId: action === 'open' ? claims.linkId : null,
    };
    const ref = { envelopeId, clientId, recipientId };

    if (action === 'open') {
      const until = new Date(deps.now().getTime() + SIGNING_SESSION_MINUTES * 60_000).toISOString();
      await executeEnvelope(req, signer, {
        type: 'OpenSigningView',
        data: { ...ref, lockedUntil: until, origin },
      });
      const session: SigningTokenClaims = { ...claims, purpose: 'session', expiresAt: until };
      res.json({
        sessionToken: eSignature.issueToken(session),
        expiresAt: until,
        recipientId,
        recipientName: recipient.name,
        roleName: state.roles.find((r) => r.roleId === recipient.roleId)?.name ?? '',
        formName: state.formName,
        pages: state.pages,
        fields: fieldsOf(state, recipientId),
        quorumNote: quorumNote(state, recipient.roleId),
      });
      return;
    }
    if (action === 'decline') {
      const after = await executeEnvelope(req, signer, {
        type: 'Decline',
        data: { ...ref, reason: body.reason ?? '', origin },
      });
      res.json(viewOf(after));
      return;
    }
    if (action === 'finish-later') {
      const after = await executeEnvelope(req, signer, { type: 'FinishLater', data: { ...ref, origin } });
      res.json(viewOf(after));
      return;
    }
    // Sign: refused early when the recipient may not (nothing stored), then stamped onto the current PDF.
    const signature = body.signature;
    if (!signature)
      throw new ValidationError(
        { 'body.signature': 'Draw or type your signature' },
        'Draw or type your signature',
      );
    const values = body.values ?? {};
    const signedAt = deps.now().toISOString();
    const check = envelopeDecider.decide(
      {
        type: 'Sign',
        data: {
          ...ref,
          signatureKind: signature.kind,
          values,
          documentId: '',
          hashBefore: state.sha256,
          hashAfter: '',
          origin,
        },
        metadata: { at: signedAt, by: signer },
      },
      state,
    );
    if (!check.ok) {
      const { code, message } = check.error;
      if (code === 'INVALID')
        throw new ValidationError(
          Object.fromEntries(Object.entries(check.error.fields).map(([k, v]) => [`body.${k}`, v])),
          message,
        );
      if (code === 'NOT_FOUND') throw new NotFoundError(message);
      throw new AppError(
        409,
        code === 'NOT_YOUR_TURN' || code === 'LOCKED' || code === 'NO_LONGER_NEEDED' ? code : 'CONFLICT',
        message,
      );
    }
    const current = await deps.documents.get(state.documentId);
    if (!current) throw new NotFoundError('The form’s document is missing from the store');
    const png = signature.kind === 'drawn' ? pngOf(signature.png) : null;
    if (signature.kind === 'drawn' && !png)
      throw new ValidationError({ 'body.signature': 'Draw your signature' }, 'Draw your signature');
    const fields = fieldsOf(state, recipientId);
    const signedOn = deps.now().toISOString().slice(0, 10);
    const typed = signature.kind === 'typed' ? signature.text.trim() : '';
    const stamps: FieldStamp[] = fields.map((field): FieldStamp => {
      switch (field.kind) {
        case 'signature':
          return png ? { field, kind: 'image', png } : { field, kind: 'text', text: typed, italic: true };
        case 'initials':
          return png
            ? { field, kind: 'image', png }
            : { field, kind: 'text', text: initialsOf(typed || recipient.name), italic: true };
        case 'dateSigned':
          return { field, kind: 'text', text: signedOn };
        case 'text':
          return { field, kind: 'text', text: (values[field.fieldId] ?? '').trim() };
        case 'checkbox':
          return { field, kind: 'check', checked: values[field.fieldId] === 'true' };
      }
    });
    const hashBefore = eSignature.sha256(current.bytes);
    let stamped = await eSignature.stamp(current.bytes, stamps);
    // The signature that completes the form appends the audit certificate: every recipient's trail.
    if (check.events.some((e) => e.type === 'EnvelopeCompleted')) {
      const recorded = await deps.store.readStream(envelopeStream(envelopeId));
      const trail = [...recorded.map((r) => parseEvent(r) as EnvelopeEvent), ...check.events];
      stamped = await eSignature.certify(stamped, auditCertificate(trail, eSignature.sha256(stamped)));
    }
    const documentId = deps.newId();
    await deps.documents.put!({
      documentId,
      bytes: stamped,
      mimeType: 'application/pdf',
      name: `${state.formName} - signed by ${recipient.name}.pdf`,
      uploadedBy: signer.userId,
    });
    const after = await executeEnvelope(
      req,
      signer,
      {
        type: 'Sign',
        data: {
          ...ref,
          signatureKind: signature.kind,
          values,
          documentId,
          hashBefore,
          hashAfter: eSignature.sha256(stamped),
          size: stamped.byteLength,
          origin,
        },
      },
      signedAt,
    );
    res.json(viewOf(after));
  });

  mount(router, updateOnboardingFormEmail, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    if (actor.userId !== userId && !isInternal(actor))
      throw new ForbiddenError('Only the user or staff may move their onboarding forms to a new address');
    const { rows } = await deps.pool.query<{ email: string }>(
      'select email from rm_users where user_id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user) throw new NotFoundError('User not found');
    const oldEmail = input.body().oldEmail.trim().toLowerCase();
    // Forms still being signed that name the old address (or the account) for someone who can still act.
    const { rows: forms } = await deps.pool.query<{
      envelope_id: string;
      client_id: string;
      recipient_id: string;
    }>(
      `select f.envelope_id, f.client_id, r->>'recipientId' as recipient_id
       from rm_onboarding_forms f, jsonb_array_elements(f.state->'recipients') r
       where f.status in ('sent', 'declined')
         and (lower(r->>'email') = $1 or r->>'userId' = $2)
         and r->>'status' in ('waiting', 'sent', 'delivered')`,
      [oldEmail, userId],
    );
    let updatedForms = 0;
    for (const form of forms) {
      const before = await readEnvelope(form.client_id, form.envelope_id);
      const after = await executeEnvelope(req, actor, {
        type: 'ChangeRecipientEmail',
        data: {
          envelopeId: form.envelope_id,
          clientId: form.client_id,
          recipientId: form.recipient_id,
          email: user.email,
          userId,
        },
      });
      if (after.version !== before.version) updatedForms += 1;
    }
    res.json({ updatedForms });
  });

  return router;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The PNG of a data URL (`data:image/png;base64,...`), or null when it is not one. */
function pngOf(dataUrl: string): Uint8Array | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) return null;
  const bytes = Buffer.from(match[1]!, 'base64');
  return bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 ? bytes : null;
}

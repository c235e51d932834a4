import { type Request } from 'express';
import type pg from 'pg';
import {
  envelopeStream,
  parseEvent,
  signingTemplateStream,
  type EnvelopeRecipient,
  type EventStore,
} from '@onboard/events';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  isInternal,
  type Action,
  type Actor,
  type DocumentStore,
  type Intent,
} from '@onboard/domain';
import { foldWith } from '@onboard/domain';
import {
  envelopeDecider,
  onboardingFormView,
  signingTemplateDecider,
  type ESignatureService,
  type EnvelopeCommand,
  type EnvelopeIntent,
  type EnvelopeState,
  type SigningTemplateCommand,
} from '@onboard/domain';
import type { EmailSender } from '../auth/email-port.ts';
import { requireActor, requirePermission, type CommandDeps } from '../http/context.ts';
import { decideIntent, decideOnStream, unversioned } from '../http/decide.ts';

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

export const notPdf = () => new ValidationError({ 'body.file': NOT_A_PDF_MESSAGE }, NOT_A_PDF_MESSAGE);

/** A form of the client, folded from its stream (a 404 unless it is the client's). */
async function readEnvelopeOf(
  store: EventStore,
  clientId: string,
  envelopeId: string,
): Promise<EnvelopeState> {
  const recorded = await store.readStream(envelopeStream(envelopeId));
  const state = foldWith(
    envelopeDecider,
    recorded.map((r) => parseEvent(r) as never),
  );
  if (!state || state.clientId !== clientId)
    throw new NotFoundError('No such onboarding form for this client');
  return state;
}

/** A template, folded from its stream (null when there is none). */
async function readTemplateOf(store: EventStore, templateId: string) {
  const recorded = await store.readStream(signingTemplateStream(templateId));
  return foldWith(
    signingTemplateDecider,
    recorded.map((r) => parseEvent(r) as never),
  );
}

/** What every handler of the onboarding forms shares: the dependencies, and reading and deciding a form. */
export type OnboardingForms = ReturnType<typeof onboardingForms>;

/** Reading a form or a template, and deciding a form's command at the revision read. */
export function onboardingForms(deps: OnboardingFormCommandDeps) {
  const readEnvelope = (clientId: string, envelopeId: string) =>
    readEnvelopeOf(deps.store, clientId, envelopeId);

  /**
   * The caller, allowed `action` on the client's onboarding forms (or on the row of platform §6 that
   * `resource` names, which is not per client), with `staffOnly` the message that refuses all but
   * internal staff; then the form the path names, read (a 404 unless it is the client's).
   */
  const callerOnForm = async (
    req: Request,
    action: Action,
    options: { resource?: 'onboarding-form-reassign'; staffOnly?: string } = {},
  ) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    if (options.resource) requirePermission(actor, options.resource, action);
    else requirePermission(actor, 'onboarding-forms', action, { clientId });
    if (options.staffOnly !== undefined && !isInternal(actor)) throw new ForbiddenError(options.staffOnly);
    const envelopeId = String(req.params.onboardingFormId);
    const state = await readEnvelope(clientId, envelopeId);
    return { actor, clientId, envelopeId, state };
  };

  const readTemplate = (templateId: string) => readTemplateOf(deps.store, templateId);

  const executeEnvelope = async (
    req: Request,
    actor: { userId: string; role: string },
    intent: EnvelopeIntent,
    /** The moment to record, when the handler already used it (the audit certificate of a signature). */
    at?: string,
  ): Promise<EnvelopeState> =>
    asConflicts(async () => {
      const { after } = await decideOnStream(deps, {
        request: unversioned(req, deps.newId),
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

  const { eSignature } = deps;
  /** A template's command decided by staff at the revision read; answers the template after it. */
  const decideTemplate = async (actor: Actor, intent: Intent<SigningTemplateCommand>) => {
    const { after } = await decideIntent(deps, {
      request: { ifMatch: null, correlationId: deps.newId() },
      actor,
      stream: signingTemplateStream(intent.data.templateId),
      decider: signingTemplateDecider,
      intent,
    });
    if (!after) throw new NotFoundError('No such template');
    return after;
  };

  return {
    deps,
    eSignature,
    readEnvelope,
    callerOnForm,
    readTemplate,
    executeEnvelope,
    requireStaff,
    recipientOf,
    viewOf,
    decideTemplate,
  };
}

import { Router } from 'express';
import { randomBytes } from 'node:crypto';
import { handleCommand } from '@onboard/events';
import { supportChatStream } from '@onboard/events/catalogue/explorer';
import {
  supportChatDecider,
  EXPLORER_EMAIL_SEND_MESSAGES,
  HUMAN_CHECK_INVALID,
  NotFoundError,
  benefitTypeLabel,
  contactOptions,
  isInternal,
  liveChatDepartment,
  selectedBenefitsEmail,
  supportMessageError,
  validateExplorerEmailSend,
  type BenefitType,
  type ExplorerLanguage,
  isExplorerSiteLive,
  type ExplorerSite,
} from '@onboard/domain';
import type { EmailSender } from '../auth/email-port.ts';
import { mount } from '@onboard/api-contract/express';
import type { CommandDeps } from '../http/context.ts';
import { addressOf, type Throttle } from '../http/throttle.ts';
import { bodyFieldErrors } from '../http/validate.ts';
import { builtInHumanCheck, type HumanCheck } from './human-check.ts';
import { createHumanCheck, emailBenefits, postSupportMessage, startSupportChat } from './routes.contract.ts';

export type ExplorerVisitorDeps = CommandDeps & {
  loadPage: (explorerPageId: string) => Promise<ExplorerSite | null>;
  /** The e-mail port (command-api/src/auth/email-port.ts); without one the send answers 503. */
  emailSender?: EmailSender;
  /** The base of links in e-mails; null: the request's own origin. */
  publicUrl?: () => string;
  humanCheck?: HumanCheck;
  /** HMAC key of the built-in human check; the same on every replica (the session secret). */
  humanCheckSecret?: string;
  /** platform §9: in a demo environment every chat goes to the demo department. */
  isDemoEnvironment?: boolean;
  /** Anonymous writes count per address before any work (command-api/src/http/throttle.ts). */
  throttle: Throttle;
};

const VISITOR = { userId: 'anonymous', role: 'EXPLORER_VISITOR' };

const categoryName = (language: ExplorerLanguage, state: string) => (type: BenefitType) =>
  benefitTypeLabel(type, { state, language });

/**
 * What an anonymous visitor of a public page may write (explorer §5, platform §9): the human-check
 * challenge, the e-mail of selected benefits, and the built-in support chat.
 */
export function explorerVisitorRoutes(deps: ExplorerVisitorDeps): Router {
  const router = Router();
  // A per-process key still works on one process; the composition root passes the shared secret.
  const humanCheck =
    deps.humanCheck ??
    builtInHumanCheck({
      secret: deps.humanCheckSecret ?? randomBytes(32).toString('hex'),
      store: deps.store,
    });
  const requirePage = async (id: string) => {
    const page = await deps.loadPage(id);
    if (!page) throw new NotFoundError('Explorer site not found');
    return page;
  };

  mount(router, createHumanCheck, async (_req, res) => {
    res.status(201).json(await humanCheck.issue(deps.now()));
  });

  mount(router, emailBenefits, async (req, res, input) => {
    await deps.throttle.consume(res, ['explorerWriteAddress', addressOf(req)]);
    const body = input.body();
    const errors = validateExplorerEmailSend(body);
    if (Object.values(errors).some((m) => m !== undefined)) throw bodyFieldErrors(errors);
    const page = await requirePage(String(req.params.explorerPageId));
    const wanted = new Set(body.benefits ?? []);
    const plans = page.plans.filter((p) => wanted.has(p.id));
    // Ids that are not plans of this page do not count as a selected benefit.
    if (plans.length === 0)
      throw bodyFieldErrors({ benefits: EXPLORER_EMAIL_SEND_MESSAGES.benefitsRequired });
    const verdict = await humanCheck.verify(body.recaptchaToken ?? '', 'email-benefits', deps.now());
    if (verdict !== 'ok') throw bodyFieldErrors({ recaptchaToken: HUMAN_CHECK_INVALID });
    if (!deps.emailSender) throw new Error('No e-mail sender is configured');
    const language = body.language as ExplorerLanguage;
    const base = deps.publicUrl?.() ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const key = encodeURIComponent(page.site.vanitySlug ?? page.explorerPageId);
    const link = `${base.replace(/\/+$/, '')}/${language === 'es' ? 'es/' : ''}benefits-explorer/${key}`;
    const mail = selectedBenefitsEmail({
      siteName: page.site.customClientName ?? page.site.name,
      language,
      link,
      categoryName: categoryName(language, page.site.employerState),
      plans: plans.map((p) => ({
        id: p.id,
        benefitType: p.benefitType as BenefitType,
        planName: p.planName,
      })),
    });
    const { emailId } = await deps.emailSender.send({
      kind: 'EXPLORER_BENEFITS',
      to: [(body.email ?? '').trim()],
      subject: mail.subject,
      body: mail.body,
      link,
      clientId: page.clientId,
      actor: VISITOR,
    });
    res.status(201).json({ emailId, status: 'SENT' });
  });

  // The built-in chat: the conversation id is an unguessable UUID and is the visitor's only handle on it.
  mount(router, startSupportChat, async (req, res, input) => {
    await deps.throttle.consume(res, ['explorerWriteAddress', addressOf(req)]);
    const body = input.body();
    const page = await requirePage(String(req.params.explorerPageId));
    // The page offers the chat only where the site enables live chat (explorer §3); the server holds to
    // the same rule, so a site without it takes no new conversation.
    if (!contactOptions(page.site).some((o) => o.kind === 'liveChat'))
      throw new NotFoundError('This site offers no live chat'); // chosen
    const now = deps.now();
    const department = liveChatDepartment(
      {
        isLive: isExplorerSiteLive(page.site, now),
        enableContactUsLiveChat: page.site.enableContactUsLiveChat,
      },
      { isDemo: deps.isDemoEnvironment === true },
    );
    const conversationId = deps.newId();
    const at = now.toISOString();
    await handleCommand(deps.store, supportChatDecider, {
      stream: supportChatStream(conversationId),
      appendAt: 'no_stream',
      newId: deps.newId,
      command: {
        type: 'StartSupportChat',
        data: {
          conversationId,
          explorerPageId: page.explorerPageId,
          clientId: page.clientId,
          department,
          language: body.language,
        },
        metadata: { at, by: VISITOR },
      },
      metadata: {
        actorId: VISITOR.userId,
        actorRole: VISITOR.role,
        occurredAt: at,
        correlationId: conversationId,
      },
    });
    res.status(201).json({ conversationId, explorerPageId: page.explorerPageId, department, messages: [] });
  });

  mount(router, postSupportMessage, async (req, res, input) => {
    // Signed-in staff answer as the agent; everyone else writes as the visitor, and is throttled.
    const actor = await deps.authenticate(req).catch(() => null);
    const isAgent = actor !== null && isInternal(actor);
    if (!isAgent) await deps.throttle.consume(res, ['explorerWriteAddress', addressOf(req)]);
    const body = input.body();
    const error = supportMessageError(body.text);
    if (error !== null) throw bodyFieldErrors({ text: error });
    const conversationId = String(req.params.conversationId);
    const at = deps.now().toISOString();
    const by = isAgent ? { userId: actor.userId, role: actor.role } : VISITOR;
    // Messages only add up: appended at any revision.
    const posted = await handleCommand(deps.store, supportChatDecider, {
      stream: supportChatStream(conversationId),
      appendAt: 'any',
      newId: deps.newId,
      command: {
        type: 'PostSupportMessage',
        data: {
          conversationId,
          explorerPageId: String(req.params.explorerPageId),
          messageId: deps.newId(),
          agentId: isAgent ? actor.userId : null,
          text: body.text ?? '',
        },
        metadata: { at, by },
      },
      metadata: { actorId: by.userId, actorRole: by.role, occurredAt: at, correlationId: conversationId },
    });
    if (!posted.ok) throw new NotFoundError(posted.error.message);
    const message = posted.events.find((event) => event.type === 'SupportChatMessagePosted')?.data;
    res.status(201).json(message);
  });

  return router;
}

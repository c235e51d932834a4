import type {
  ExplorerDocument,
  ExplorerEvent,
  ExplorerPlan,
  ExplorerSiteAttributes,
} from '@onboard/events/catalogue/explorer';
import { isAfter, parseISO } from 'date-fns';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';
import { normalizeVanitySlug, validateExplorerSite } from './site-rules.ts';
import { validateExplorerPlan } from './plan-rules.ts';
import type { ExplorerPlanInput } from './plan-rules.ts';

/**
 * One Explorer site, folded from `explorer-{explorerPageId}` (explorer §3). Slug uniqueness spans
 * streams, so it is the command handler's (a reservation stream); everything else is decided here.
 */
export type ExplorerSite = {
  explorerPageId: string;
  clientId: string;
  pageOwner: string;
  site: ExplorerSiteAttributes;
  plans: ExplorerPlan[];
  documents: ExplorerDocument[];
  renewedFrom: {
    explorerPageId: string;
    vanitySlug: string | null;
    customBranding: boolean | null;
    expiresAt: string | null;
  } | null;
  newExplorerPageId: string | null;
  createdAt: string;
  updatedBy: { userId: string; at: string };
};

export type ExplorerSiteState =
  { status: 'none' } | { status: 'active'; page: ExplorerSite } | { status: 'deleted'; page: ExplorerSite };

export const initialExplorerSiteState = (): ExplorerSiteState => ({ status: 'none' });

type By = { userId: string; at: string };

export type ExplorerSiteCommand =
  | Command<
      'CreateSite',
      {
        explorerPageId: string;
        clientId: string;
        pageOwner: string;
        site: ExplorerSiteAttributes;
        plans: ExplorerPlan[];
        renewedFrom?: ExplorerSite['renewedFrom'];
      }
    >
  | Command<'UpdateSite', { site: ExplorerSiteAttributes; plans?: ExplorerPlan[] }>
  | Command<'RecordRenewal', { newExplorerPageId: string }>
  | Command<'TransferOwnership', { to: string }>
  | Command<'AttachDocument', { document: ExplorerDocument }>
  | Command<'DeleteSite', Record<string, never>>;
export type ExplorerSiteIntent = Intent<ExplorerSiteCommand>;

/** Field errors keyed by the body path without the `body.` prefix: `name`, `benefits.2.planName`. */
export type ExplorerSiteError =
  | { code: 'INVALID'; message: string; fields: Record<string, string> }
  | { code: 'NOT_FOUND' | 'ALREADY_EXISTS' | 'ALREADY_RENEWED'; message: string };

export type ExplorerSiteDecision = Decision<ExplorerEvent, ExplorerSiteError>;

const ok = (...events: ExplorerEvent[]): ExplorerSiteDecision => accepted(...events);
const refuse = (code: Exclude<ExplorerSiteError['code'], 'INVALID'>, message: string): ExplorerSiteDecision =>
  refused({ code, message });

export const DUPLICATE_PLAN_ID_MESSAGE = 'Each plan needs its own id.'; // chosen

/** Every site and plan rule of explorer §5, as one map of field errors (empty when valid). */
export function explorerSiteErrors(
  site: ExplorerSiteAttributes,
  plans: readonly ExplorerPlan[],
): Record<string, string> {
  const fields: Record<string, string> = { ...validateExplorerSite(site) };
  const seen = new Set<string>();
  plans.forEach((plan, index) => {
    for (const [field, message] of Object.entries(validateExplorerPlan(plan as ExplorerPlanInput))) {
      if (message !== undefined) fields[`benefits.${index}.${field}`] = message;
    }
    if (seen.has(plan.id)) fields[`benefits.${index}.id`] = DUPLICATE_PLAN_ID_MESSAGE;
    seen.add(plan.id);
  });
  return fields;
}

const normaliseSite = (site: ExplorerSiteAttributes): ExplorerSiteAttributes => {
  const slug = site.vanitySlug?.trim() ? normalizeVanitySlug(site.vanitySlug) : null;
  return { ...site, vanitySlug: slug };
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function invalid(site: ExplorerSiteAttributes, plans: readonly ExplorerPlan[]): ExplorerSiteDecision | null {
  const fields = explorerSiteErrors(site, plans);
  return Object.keys(fields).length === 0
    ? null
    : { ok: false, error: { code: 'INVALID', message: 'Invalid request', fields } };
}

/** The plan events that turn `before` into `after`, matched by plan id, in `after`'s order. */
function planChanges(
  explorerPageId: string,
  before: readonly ExplorerPlan[],
  after: readonly ExplorerPlan[],
) {
  const events: ExplorerEvent[] = [];
  const kept = new Set(after.map((p) => p.id));
  for (const plan of before) {
    if (!kept.has(plan.id))
      events.push({ type: 'ExplorerPlanRemoved', data: { explorerPageId, planId: plan.id } });
  }
  const old = new Map(before.map((p) => [p.id, p]));
  for (const plan of after) {
    const previous = old.get(plan.id);
    if (!previous) events.push({ type: 'ExplorerPlanAdded', data: { explorerPageId, plan } });
    else if (!sameJson(previous, plan))
      events.push({ type: 'ExplorerPlanChanged', data: { explorerPageId, plan } });
  }
  return events;
}

export function decideExplorerSite(
  command: ExplorerSiteCommand,
  state: ExplorerSiteState,
): ExplorerSiteDecision {
  // Events record who and when as the site's `by`.
  const by: By = { userId: command.metadata.by.userId, at: command.metadata.at };
  if (command.type === 'CreateSite') {
    if (state.status !== 'none') return refuse('ALREADY_EXISTS', 'Explorer site already exists');
    const { data } = command;
    const site = normaliseSite(data.site);
    const refusal = invalid(site, data.plans);
    if (refusal) return refusal;
    const { explorerPageId } = data;
    return ok(
      {
        type: 'ExplorerSiteCreated',
        data: {
          explorerPageId,
          clientId: data.clientId,
          pageOwner: data.pageOwner,
          site,
          renewedFrom: data.renewedFrom ?? null,
          by,
        },
      },
      ...planChanges(explorerPageId, [], data.plans),
    );
  }
  if (state.status !== 'active') return refuse('NOT_FOUND', 'Explorer site not found');
  const { page } = state;
  const { explorerPageId } = page;
  switch (command.type) {
    case 'UpdateSite': {
      const site = normaliseSite(command.data.site);
      const plans = command.data.plans ?? page.plans;
      const refusal = invalid(site, plans);
      if (refusal) return refusal;
      const events = planChanges(explorerPageId, page.plans, plans);
      if (!sameJson(site, page.site)) {
        events.unshift({ type: 'ExplorerSiteUpdated', data: { explorerPageId, site, by } });
      }
      return ok(...events);
    }
    case 'RecordRenewal':
      if (page.newExplorerPageId !== null) {
        return refuse('ALREADY_RENEWED', 'This site has already been renewed');
      }
      return ok({
        type: 'ExplorerSiteRenewed',
        data: { explorerPageId, newExplorerPageId: command.data.newExplorerPageId, by },
      });
    case 'TransferOwnership':
      if (page.pageOwner === command.data.to) return ok();
      return ok({
        type: 'ExplorerSiteTransferred',
        data: { explorerPageId, from: page.pageOwner, to: command.data.to, by },
      });
    case 'AttachDocument':
      return ok({
        type: 'ExplorerDocumentAttached',
        data: { explorerPageId, document: command.data.document },
      });
    case 'DeleteSite':
      return ok({ type: 'ExplorerSiteDeleted', data: { explorerPageId, by } });
    default:
      return unhandled('command', command);
  }
}

export type RenewalInput = {
  newExplorerPageId: string;
  startsAt: string | null;
  expiresAt: string | null;
  planYear: string;
  /** The new site's own slug; the previous one stays with the previous site. */
  vanitySlug: string | null;
};

/**
 * The next year's site (explorer §3 renewal fields): a copy of the previous one with the new start, end
 * and plan year, linked back to it. The previous site keeps its slug, so the copy starts without one
 * unless given (chosen: two live addresses must not collide).
 */
export function renewalOf(
  page: ExplorerSite,
  input: RenewalInput,
): Extract<ExplorerSiteIntent, { type: 'CreateSite' }> {
  return {
    type: 'CreateSite',
    data: {
      explorerPageId: input.newExplorerPageId,
      clientId: page.clientId,
      pageOwner: page.pageOwner,
      site: {
        ...page.site,
        startsAt: input.startsAt,
        expiresAt: input.expiresAt,
        planYear: input.planYear,
        vanitySlug: input.vanitySlug,
      },
      plans: page.plans.map((plan) => ({ ...plan, isNew: false })),
      renewedFrom: {
        explorerPageId: page.explorerPageId,
        vanitySlug: page.site.vanitySlug,
        customBranding: page.site.customBranding,
        expiresAt: page.site.expiresAt,
      },
    },
  };
}

export function evolveExplorerSite(state: ExplorerSiteState, event: ExplorerEvent): ExplorerSiteState {
  if (event.type === 'ExplorerSiteCreated') {
    const d = event.data;
    return {
      status: 'active',
      page: {
        explorerPageId: d.explorerPageId,
        clientId: d.clientId,
        pageOwner: d.pageOwner,
        site: d.site,
        plans: [],
        documents: [],
        renewedFrom: d.renewedFrom,
        newExplorerPageId: null,
        createdAt: d.by.at,
        updatedBy: d.by,
      },
    };
  }
  if (state.status === 'none') return state;
  const page = { ...state.page };
  switch (event.type) {
    case 'ExplorerSiteUpdated':
      page.site = event.data.site;
      page.updatedBy = event.data.by;
      break;
    case 'ExplorerSiteRenewed':
      page.newExplorerPageId = event.data.newExplorerPageId;
      break;
    case 'ExplorerSiteTransferred':
      page.pageOwner = event.data.to;
      page.updatedBy = event.data.by;
      break;
    case 'ExplorerSiteDeleted':
      return { status: 'deleted', page: { ...page, updatedBy: event.data.by } };
    case 'ExplorerPlanAdded':
      page.plans = [...page.plans, event.data.plan];
      break;
    case 'ExplorerPlanChanged': {
      const { plan } = event.data;
      page.plans = page.plans.map((p) => (p.id === plan.id ? plan : p));
      break;
    }
    case 'ExplorerPlanRemoved':
      page.plans = page.plans.filter((p) => p.id !== event.data.planId);
      break;
    case 'ExplorerDocumentAttached': {
      const { document } = event.data;
      page.documents = [...page.documents.filter((d) => d.documentId !== document.documentId), document];
      break;
    }
    default:
      return unhandled('event', event);
  }
  return { status: state.status, page };
}

export const foldExplorerSite = (events: readonly ExplorerEvent[]) =>
  events.reduce(evolveExplorerSite, initialExplorerSiteState());

/**
 * Live: started and not yet expired (chosen; the spec names the flag, not its rule). A site that is not
 * live is a demo: it shows the demo banner and accepts the demoEnrollmentStatus switch (explorer §2, §4).
 */
export function isExplorerSiteLive(
  site: Pick<ExplorerSiteAttributes, 'startsAt' | 'expiresAt'>,
  now: Date,
): boolean {
  if (!site.startsAt || isAfter(parseISO(site.startsAt), now)) return false;
  return !site.expiresAt || isAfter(parseISO(site.expiresAt), now);
}

/** An Explorer site as one decider (domain/src/decider.ts). */
export const explorerSiteDecider: Decider<
  ExplorerSiteState,
  ExplorerSiteCommand,
  ExplorerEvent,
  ExplorerSiteError
> = { initialState: initialExplorerSiteState, decide: decideExplorerSite, evolve: evolveExplorerSite };

import { Router } from 'express';
import type pg from 'pg';
import { WrongExpectedRevisionError, handleCommand, type EventStore } from '@onboard/events';
import {
  ExplorerEvent,
  explorerLeadStream,
  explorerSlugStream,
  explorerStream,
} from '@onboard/events/catalogue/explorer';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RuleError,
  ValidationError,
  isInternal,
  validateLead,
  type Actor,
  leadDecider,
  slugDecider,
  decideExplorerSite,
  evolveExplorerSite,
  explorerSiteDecider,
  type ExplorerSiteState,
  foldExplorerSite,
  renewalOf,
  type ExplorerSite,
  type ExplorerSiteCommand,
  type ExplorerSiteDecision,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type CommandDeps } from '../http/context.ts';
import { addressOf } from '../http/throttle.ts';
import { bodyFieldErrors, parseIfMatch } from '../http/validate.ts';
import { explorerVisitorRoutes, type ExplorerVisitorDeps } from './visitor-routes.ts';
import {
  attachExplorerDocument,
  createExplorerSite,
  deleteExplorerSite,
  renewExplorerSite,
  sendLead,
  transferExplorerSites,
  updateExplorerSite,
  type ExplorerSiteBody,
} from './routes.contract.ts';

export type ExplorerCommandDeps = CommandDeps & { pool: pg.Pool } & Omit<
    ExplorerVisitorDeps,
    keyof CommandDeps | 'loadPage'
  >;

export const SLUG_TAKEN_MESSAGE = 'This vanity URL is already in use. Please choose another.'; // chosen

type MetaActor = { userId: string; role: string };
const VISITOR: MetaActor = { userId: 'anonymous', role: 'EXPLORER_VISITOR' };

/**
 * The permission table has no Explorer resource and explorer §6 leaves the permission unshown; sites are
 * managed from the internal client area only, so staff (SLF_ADMIN, SLF_OWNER) it is.
 */
function requireStaff(actor: Actor) {
  if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage Explorer sites');
}

const metadataOf = (actor: MetaActor, at: string, correlationId: string) => ({
  actorId: actor.userId,
  actorRole: actor.role,
  occurredAt: at,
  correlationId,
});

async function loadSite(store: EventStore, explorerPageId: string) {
  const recorded = await store.readStream(explorerStream(explorerPageId));
  const state = foldExplorerSite(recorded.map((r) => ExplorerEvent.parse({ type: r.type, data: r.data })));
  return { state, revision: BigInt(recorded.length) - 1n };
}

/** The decider's refusal as the API's typed errors: field errors are 400 keyed `body.<path>`. */
function accept(decision: ExplorerSiteDecision) {
  if (decision.ok) return decision.events;
  const { error } = decision;
  if (error.code === 'INVALID') throw bodyFieldErrors(error.fields);
  if (error.code === 'NOT_FOUND') throw new NotFoundError(error.message);
  throw new RuleError(error.code, error.message);
}

type LoadedSite = { state: ExplorerSiteState; revision: bigint };

/**
 * Decides a site command on the state loaded (`loaded`, none for a site not created yet) and appends at
 * its revision: a write since is a 409. Answers the stream's revision after it.
 */
async function write(
  deps: CommandDeps,
  actor: MetaActor,
  explorerPageId: string,
  loaded: LoadedSite | null,
  command: ExplorerSiteCommand,
  correlationId: string,
): Promise<bigint> {
  try {
    const result = await handleCommand(deps.store, explorerSiteDecider, {
      stream: explorerStream(explorerPageId),
      ...(loaded ? { read: async () => loaded } : { appendAt: 'no_stream' as const }),
      newId: deps.newId,
      command,
      metadata: metadataOf(actor, command.metadata.at, correlationId),
    });
    if (!result.ok) accept(result);
    return result.revision;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
    throw error;
  }
}

/**
 * Reserves `explorerslug-{slug}` for the site (like the e-mail reservation of users): the first
 * reservation appends with no_stream, a released slug is taken at the revision of its release, so two
 * concurrent saves cannot both win.
 */
async function reserveSlug(deps: CommandDeps, actor: MetaActor, slug: string, explorerPageId: string) {
  const taken = () => new ValidationError({ 'body.vanitySlug': SLUG_TAKEN_MESSAGE });
  const at = deps.now().toISOString();
  try {
    const result = await handleCommand(deps.store, slugDecider, {
      stream: explorerSlugStream(slug),
      newId: deps.newId,
      command: { type: 'ReserveSlug', data: { slug, explorerPageId }, metadata: { at, by: actor } },
      metadata: metadataOf(actor, at, deps.newId()),
    });
    if (!result.ok) throw taken();
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw taken();
    throw error;
  }
}

async function releaseSlug(deps: CommandDeps, actor: MetaActor, slug: string, explorerPageId: string) {
  const at = deps.now().toISOString();
  await handleCommand(deps.store, slugDecider, {
    stream: explorerSlugStream(slug),
    newId: deps.newId,
    command: { type: 'ReleaseSlug', data: { slug, explorerPageId }, metadata: { at, by: actor } },
    metadata: metadataOf(actor, at, deps.newId()),
  });
}

/** Creates a site stream, holding its slug first; a failed create gives the slug back. */
async function createSite(
  deps: CommandDeps,
  actor: MetaActor,
  command: Extract<ExplorerSiteCommand, { type: 'CreateSite' }>,
  correlationId: string,
) {
  const { explorerPageId } = command.data;
  const events = accept(decideExplorerSite(command, { status: 'none' }));
  const slug = events[0]?.type === 'ExplorerSiteCreated' ? events[0].data.site.vanitySlug : null;
  if (slug) await reserveSlug(deps, actor, slug, explorerPageId);
  try {
    const revision = await write(deps, actor, explorerPageId, null, command, correlationId);
    const state = foldExplorerSite(events);
    if (state.status !== 'active') throw new Error('a created site did not fold');
    return { revision, page: state.page };
  } catch (error) {
    if (slug) await releaseSlug(deps, actor, slug, explorerPageId).catch(() => undefined);
    throw error;
  }
}

async function loadClientSite(deps: CommandDeps, clientId: string, explorerPageId: string) {
  const loaded = await loadSite(deps.store, explorerPageId);
  if (loaded.state.status !== 'active' || loaded.state.page.clientId !== clientId) {
    throw new NotFoundError('Explorer site not found');
  }
  return { page: loaded.state.page, state: loaded.state, revision: loaded.revision };
}

const siteOf = (body: ExplorerSiteBody) => {
  const { benefits: _benefits, pageOwner: _pageOwner, ...site } = body;
  return site;
};

const pageView = (page: ExplorerSite, version: bigint) => ({
  id: page.explorerPageId,
  explorerPageId: page.explorerPageId,
  version: Number(version),
  clientId: page.clientId,
  pageOwner: page.pageOwner,
  vanitySlug: page.site.vanitySlug,
  newExplorerPageId: page.newExplorerPageId,
  renewedFrom: page.renewedFrom,
});

/**
 * Explorer site management (explorer §2 internal routes, §7) and the public lead send. Every write loads
 * the site's stream, decides, and appends with the expected revision.
 */
export function createExplorerCommands(deps: ExplorerCommandDeps): Router {
  const router = Router();
  /** Who asks and when: every command's metadata. */
  const metadata = (actor: Actor) => ({
    at: deps.now().toISOString(),
    by: { userId: actor.userId, role: actor.role },
  });

  mount(router, createExplorerSite, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    const body = input.body();
    const explorerPageId = deps.newId();
    const command = {
      type: 'CreateSite' as const,
      data: {
        explorerPageId,
        clientId: String(req.params.clientId),
        pageOwner: body.pageOwner ?? actor.userId,
        site: siteOf(body),
        plans: body.benefits,
      },
      metadata: metadata(actor),
    };
    const { page, revision } = await createSite(deps, actor, command, deps.newId());
    res.status(201).json(pageView(page, revision));
  });

  mount(router, updateExplorerSite, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    const body = input.body();
    const ifMatch = parseIfMatch(req.header('if-match'));
    const id = String(req.params.explorerPageId);
    const { page, state, revision } = await loadClientSite(deps, String(req.params.clientId), id);
    if (ifMatch !== null && ifMatch !== revision) {
      throw new ConflictError(undefined, { currentVersion: Number(revision) });
    }
    const update = {
      type: 'UpdateSite' as const,
      data: { site: siteOf(body), plans: body.benefits },
      metadata: metadata(actor),
    };
    // Decided first for the slug it holds, so a refused update reserves nothing.
    const events = accept(decideExplorerSite(update, state));
    const next = events.reduce(evolveExplorerSite, state);
    if (next.status !== 'active') throw new Error('updated site did not fold');
    const before = page.site.vanitySlug;
    const after = next.page.site.vanitySlug;
    if (after && after !== before) await reserveSlug(deps, actor, after, id);
    let version: bigint;
    try {
      version = await write(deps, actor, id, { state, revision }, update, deps.newId());
    } catch (error) {
      if (after && after !== before) await releaseSlug(deps, actor, after, id).catch(() => undefined);
      throw error;
    }
    if (before && before !== after) await releaseSlug(deps, actor, before, id);
    res.json(pageView(next.page, version));
  });

  mount(router, deleteExplorerSite, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    const id = String(req.params.explorerPageId);
    const { page, state, revision } = await loadClientSite(deps, String(req.params.clientId), id);
    const command = { type: 'DeleteSite' as const, data: {}, metadata: metadata(actor) };
    await write(deps, actor, id, { state, revision }, command, deps.newId());
    if (page.site.vanitySlug) await releaseSlug(deps, actor, page.site.vanitySlug, id);
    res.status(204).end();
  });

  mount(router, renewExplorerSite, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    const body = input.body();
    const id = String(req.params.explorerPageId);
    const { page, state, revision } = await loadClientSite(deps, String(req.params.clientId), id);
    const newExplorerPageId = deps.newId();
    const create = { ...renewalOf(page, { ...body, newExplorerPageId }), metadata: metadata(actor) };
    // Both decisions and the new slug first, so a refused renewal writes nothing.
    const first = accept(decideExplorerSite(create, { status: 'none' }))[0];
    const renewal = {
      type: 'RecordRenewal' as const,
      data: { newExplorerPageId },
      metadata: metadata(actor),
    };
    accept(decideExplorerSite(renewal, state));
    const slug = first?.type === 'ExplorerSiteCreated' ? first.data.site.vanitySlug : null;
    if (slug) await reserveSlug(deps, actor, slug, newExplorerPageId);
    const correlationId = deps.newId();
    // The marker goes first: its expected revision is what stops two concurrent renewals of one site.
    try {
      await write(deps, actor, id, { state, revision }, renewal, correlationId);
    } catch (error) {
      if (slug) await releaseSlug(deps, actor, slug, newExplorerPageId).catch(() => undefined);
      throw error;
    }
    const created = await createSite(deps, actor, create, correlationId);
    res.status(201).json(pageView(created.page, created.revision));
  });

  mount(router, attachExplorerDocument, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    const document = input.body();
    const id = String(req.params.explorerPageId);
    const { state, revision } = await loadClientSite(deps, String(req.params.clientId), id);
    const command = { type: 'AttachDocument' as const, data: { document }, metadata: metadata(actor) };
    const version = await write(deps, actor, id, { state, revision }, command, deps.newId());
    res.status(201).json({ explorerPageId: id, version: Number(version), document });
  });

  /**
   * Moves every site of one owner to another. The sites are found in the read model (a site created a
   * moment ago may not be there yet); each move is its own append with its expected revision.
   */
  mount(router, transferExplorerSites, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    const from = String(req.params.currentOwnerId);
    const to = String(req.params.newOwnerId);
    const { rows: owners } = await deps.pool.query<{ role: string }>(
      'select role from rm_users where user_id = $1 and not is_deleted',
      [to],
    );
    const owner = owners[0];
    if (!owner) throw new NotFoundError('User not found');
    if (!isInternal({ userId: to, role: owner.role as Actor['role'], clientIds: [] })) {
      throw new ValidationError({ 'params.newOwnerId': 'The new owner must be an internal user' }); // chosen
    }
    const { rows } = await deps.pool.query<{ explorer_page_id: string }>(
      'select explorer_page_id from rm_explorer_pages where page_owner = $1 and not is_deleted order by explorer_page_id',
      [from],
    );
    const correlationId = deps.newId();
    const transferred: string[] = [];
    for (const { explorer_page_id: id } of rows) {
      const { state, revision } = await loadSite(deps.store, id);
      if (state.status !== 'active' || state.page.pageOwner !== from) continue;
      const command = { type: 'TransferOwnership' as const, data: { to }, metadata: metadata(actor) };
      await write(deps, actor, id, { state, revision }, command, correlationId);
      transferred.push(id);
    }
    res.json({ transferred });
  });

  // Anonymous (explorer §7): any visitor of a public page may send the lead form.
  mount(router, sendLead, async (req, res, input) => {
    await deps.throttle.consume(res, ['explorerWriteAddress', addressOf(req)]);
    const body = input.body();
    const errors = validateLead(body);
    if (Object.values(errors).some((m) => m !== undefined)) throw bodyFieldErrors(errors);
    const leadId = deps.newId();
    const trim = (v: string | null | undefined) => (v ?? '').trim();
    const at = deps.now().toISOString();
    const lead = {
      leadId,
      explorerPageId: body.explorerPageId,
      email: trim(body.email),
      firstName: trim(body.firstName),
      lastName: trim(body.lastName),
      city: trim(body.city),
      state: trim(body.state),
      phone: trim(body.phone),
      // validateLead checked it is one of the two.
      externalUser: body.externalUser as 'employer' | 'broker',
      employerName: trim(body.employerName),
      brokerName: body.externalUser === 'broker' ? trim(body.brokerName) : null,
      at,
    };
    try {
      await handleCommand(deps.store, leadDecider, {
        stream: explorerLeadStream(leadId),
        appendAt: 'no_stream',
        newId: deps.newId,
        command: { type: 'SubmitLead', data: lead, metadata: { at, by: VISITOR } },
        metadata: metadataOf(VISITOR, at, deps.newId()),
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
      throw error;
    }
    res.status(201).json({ leadId, status: 'SENT' });
  });

  router.use(
    explorerVisitorRoutes({
      ...deps,
      loadPage: async (id) => {
        const { state } = await loadSite(deps.store, id);
        return state.status === 'active' ? state.page : null;
      },
    }),
  );

  return router;
}

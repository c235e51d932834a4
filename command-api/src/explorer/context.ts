import type { Request } from 'express';
import type pg from 'pg';
import { WrongExpectedRevisionError, handleCommand, type EventStore } from '@onboard/events';
import { ExplorerEvent, explorerSlugStream, explorerStream } from '@onboard/events/catalogue/explorer';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RuleError,
  ValidationError,
  isInternal,
  type Actor,
  slugDecider,
  decideExplorerSite,
  explorerSiteDecider,
  type ExplorerSiteState,
  foldExplorerSite,
  type ExplorerSite,
  type ExplorerSiteCommand,
  type ExplorerSiteDecision,
} from '@onboard/domain';
import { requireActor, type CommandDeps } from '../http/context.ts';
import { bodyFieldErrors } from '../http/validate.ts';
import type { ExplorerVisitorDeps } from './visitor-routes.ts';
import type { ExplorerSiteBody } from './routes.contract.ts';

export type ExplorerCommandDeps = CommandDeps & { pool: pg.Pool } & Omit<
    ExplorerVisitorDeps,
    keyof CommandDeps | 'loadPage'
  >;

export const SLUG_TAKEN_MESSAGE = 'This vanity URL is already in use. Please choose another.'; // chosen

type MetaActor = { userId: string; role: string };
export const VISITOR: MetaActor = { userId: 'anonymous', role: 'EXPLORER_VISITOR' };

/**
 * The permission table has no Explorer resource and explorer §6 leaves the permission unshown; sites are
 * managed from the internal client area only, so staff (SLF_ADMIN, SLF_OWNER) it is.
 */
function requireStaff(actor: Actor) {
  if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage Explorer sites');
}

export const metadataOf = (actor: MetaActor, at: string, correlationId: string) => ({
  actorId: actor.userId,
  actorRole: actor.role,
  occurredAt: at,
  correlationId,
});

export async function loadSite(store: EventStore, explorerPageId: string) {
  const recorded = await store.readStream(explorerStream(explorerPageId));
  const state = foldExplorerSite(recorded.map((r) => ExplorerEvent.parse({ type: r.type, data: r.data })));
  return { state, revision: BigInt(recorded.length) - 1n };
}

/** The decider's refusal as the API's typed errors: field errors are 400 keyed `body.<path>`. */
export function accept(decision: ExplorerSiteDecision) {
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
export async function write(
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
export async function reserveSlug(deps: CommandDeps, actor: MetaActor, slug: string, explorerPageId: string) {
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

export async function releaseSlug(deps: CommandDeps, actor: MetaActor, slug: string, explorerPageId: string) {
  const at = deps.now().toISOString();
  await handleCommand(deps.store, slugDecider, {
    stream: explorerSlugStream(slug),
    newId: deps.newId,
    command: { type: 'ReleaseSlug', data: { slug, explorerPageId }, metadata: { at, by: actor } },
    metadata: metadataOf(actor, at, deps.newId()),
  });
}

/** Creates a site stream, holding its slug first; a failed create gives the slug back. */
export async function createSite(
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

export const siteOf = (body: ExplorerSiteBody) => {
  const { benefits: _benefits, pageOwner: _pageOwner, ...site } = body;
  return site;
};

export const pageView = (page: ExplorerSite, version: bigint) => ({
  id: page.explorerPageId,
  explorerPageId: page.explorerPageId,
  version: Number(version),
  clientId: page.clientId,
  pageOwner: page.pageOwner,
  vanitySlug: page.site.vanitySlug,
  newExplorerPageId: page.newExplorerPageId,
  renewedFrom: page.renewedFrom,
});

/** What every handler of the Explorer's sites shares: the dependencies, the staff caller, the site named. */
export type ExplorerSites = ReturnType<typeof explorerSites>;

export function explorerSites(deps: ExplorerCommandDeps) {
  /** Who asks and when: every command's metadata. */
  const metadata = (actor: Actor) => ({
    at: deps.now().toISOString(),
    by: { userId: actor.userId, role: actor.role },
  });

  const staff = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    return actor;
  };

  /** The staff caller and the client's site the path names, as loaded. */
  const staffOnSite = async (req: Request) => {
    const actor = await staff(req);
    const id = String(req.params.explorerPageId);
    return { actor, id, ...(await loadClientSite(deps, String(req.params.clientId), id)) };
  };

  return { deps, metadata, staff, staffOnSite };
}

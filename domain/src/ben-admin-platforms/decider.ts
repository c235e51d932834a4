import type { BenAdminPlatformEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';

/** One benefits-administration platform as its events leave it. */
export type BenAdminPlatform = {
  platformId: string;
  name: string;
  website: string;
  supportsDataFeeds: boolean;
  active: boolean;
  addedAt: string;
  updatedAt: string;
};

/** The whole catalogue, folded from the `ben-admin-platforms` stream; retired platforms stay, inactive. */
export type BenAdminPlatformsState = { platforms: ReadonlyMap<string, BenAdminPlatform> };

/** What staff send for a platform. */
export type BenAdminPlatformInput = { name: string; website: string; supportsDataFeeds: boolean };
export type BenAdminPlatformField = 'name' | 'website';

type Ref = { platformId: string };
export type BenAdminPlatformCommand =
  | Command<'AddBenAdminPlatform', Ref & { platform: BenAdminPlatformInput }>
  | Command<'EditBenAdminPlatform', Ref & { platform: BenAdminPlatformInput }>
  | Command<'RetireBenAdminPlatform', Ref>;
export type BenAdminPlatformIntent = Intent<BenAdminPlatformCommand>;

export type BenAdminPlatformError =
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'CONFLICT'; message: string }
  | { code: 'INVALID'; message: string; fields: Partial<Record<BenAdminPlatformField, string>> };

export const NO_SUCH_PLATFORM = 'No such benefits-administration platform';
export const PLATFORM_NAME_TAKEN = 'A platform with this name is already in the catalogue';
export const PLATFORM_NAME_REQUIRED = 'Please provide a response';
export const PLATFORM_WEBSITE_MESSAGE = 'Enter a web address starting with https://';
export const PLATFORM_INVALID_MESSAGE = 'Please correct the highlighted fields';

/** A website is optional; when given it is an https address. */
export const isPlatformWebsite = (website: string) => {
  if (website === '') return true;
  try {
    return new URL(website).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Names are compared without case or surrounding and repeated spaces. */
export const platformNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const initialBenAdminPlatformsState = (): BenAdminPlatformsState => ({ platforms: new Map() });

type Decided = Decision<BenAdminPlatformEvent, BenAdminPlatformError>;

function checked(
  input: BenAdminPlatformInput,
  state: BenAdminPlatformsState,
  platformId: string,
): { ok: true; fields: BenAdminPlatformInput } | { ok: false; error: BenAdminPlatformError } {
  const name = input.name.trim().replace(/\s+/g, ' ');
  const website = input.website.trim();
  const fields: Partial<Record<BenAdminPlatformField, string>> = {};
  if (name === '') fields.name = PLATFORM_NAME_REQUIRED;
  else if (
    [...state.platforms.values()].some(
      (p) => p.platformId !== platformId && platformNameKey(p.name) === platformNameKey(name),
    )
  )
    fields.name = PLATFORM_NAME_TAKEN;
  if (!isPlatformWebsite(website)) fields.website = PLATFORM_WEBSITE_MESSAGE;
  if (Object.keys(fields).length > 0)
    return { ok: false, error: { code: 'INVALID', message: PLATFORM_INVALID_MESSAGE, fields } };
  return { ok: true, fields: { name, website, supportsDataFeeds: input.supportsDataFeeds } };
}

export function decideBenAdminPlatforms(
  command: BenAdminPlatformCommand,
  state: BenAdminPlatformsState,
): Decided {
  const { at, by } = command.metadata;
  const { platformId } = command.data;
  const current = state.platforms.get(platformId);
  if (command.type === 'AddBenAdminPlatform') {
    if (current) return refused({ code: 'CONFLICT', message: 'This platform exists already' });
    const result = checked(command.data.platform, state, platformId);
    if (!result.ok) return refused(result.error);
    return accepted({ type: 'BenAdminPlatformAdded', data: { platformId, ...result.fields, at, by } });
  }
  if (!current) return refused({ code: 'NOT_FOUND', message: NO_SUCH_PLATFORM });
  switch (command.type) {
    case 'EditBenAdminPlatform': {
      const result = checked(command.data.platform, state, platformId);
      if (!result.ok) return refused(result.error);
      const { name, website, supportsDataFeeds } = result.fields;
      if (
        name === current.name &&
        website === current.website &&
        supportsDataFeeds === current.supportsDataFeeds
      )
        return accepted();
      return accepted({ type: 'BenAdminPlatformChanged', data: { platformId, ...result.fields, at, by } });
    }
    case 'RetireBenAdminPlatform':
      return current.active
        ? accepted({ type: 'BenAdminPlatformRetired', data: { platformId, at, by } })
        : accepted();
    default:
      return unhandled('command', command);
  }
}

export function evolveBenAdminPlatforms(
  state: BenAdminPlatformsState,
  event: BenAdminPlatformEvent,
): BenAdminPlatformsState {
  const platforms = new Map(state.platforms);
  const { platformId, at } = event.data;
  const current = platforms.get(platformId);
  switch (event.type) {
    case 'BenAdminPlatformAdded':
    case 'BenAdminPlatformChanged': {
      const { name, website, supportsDataFeeds } = event.data;
      platforms.set(platformId, {
        platformId,
        name,
        website,
        supportsDataFeeds,
        active: current?.active ?? true,
        addedAt: current?.addedAt ?? at,
        updatedAt: at,
      });
      break;
    }
    case 'BenAdminPlatformRetired':
      if (current) platforms.set(platformId, { ...current, active: false, updatedAt: at });
      break;
    default:
      return unhandled('event', event);
  }
  return { platforms };
}

/** The benefits-administration platform catalogue as one decider (domain/src/decider.ts). */
export const benAdminPlatformsDecider: Decider<
  BenAdminPlatformsState,
  BenAdminPlatformCommand,
  BenAdminPlatformEvent,
  BenAdminPlatformError
> = {
  initialState: initialBenAdminPlatformsState,
  decide: decideBenAdminPlatforms,
  evolve: evolveBenAdminPlatforms,
};

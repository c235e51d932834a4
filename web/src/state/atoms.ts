import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { ClientView } from '../api/types.ts';
import type { PushEntry } from './push-status.ts';

/** Every jotai atom of the app lives in web/src/state/ (design brief, style 9). */
export const pushEntriesAtom = atom<PushEntry[]>([]);

/** Where a page is prerendered there is no storage: nothing is kept there. */
const NO_STORAGE = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

const REMEMBERED_USERNAME_KEY = 'onboard.rememberedUsername';

/** Kept as the plain string (not JSON) so the key reads the same as the spec's "stores the username". */
const plainStringStorage = {
  // Nothing is remembered where there is no storage: a page being prerendered.
  getItem: (key: string, initialValue: string) =>
    (typeof localStorage === 'undefined' ? null : localStorage.getItem(key)) ?? initialValue,
  setItem: (key: string, value: string) => {
    if (value === '') localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  },
  removeItem: (key: string) => localStorage.removeItem(key),
};

/** Whether a username is remembered: the sign-in form then shows it, unlike its prerendered markup. */
export const isUsernameRemembered = (): boolean => !!localStorage.getItem(REMEMBERED_USERNAME_KEY);

/** 'Remember me' on the sign-in form (spec platform §4); empty when nothing is remembered. */
export const rememberedUsernameAtom = atomWithStorage<string>(
  REMEMBERED_USERNAME_KEY,
  '',
  plainStringStorage,
  {
    getOnInit: true,
  },
);

export type UserListKind = 'internal' | 'broker' | 'ben-admin';
export type UserListQuery = { page: number; search: string; sortBy: string; sortDirection: 'asc' | 'desc' };

const initialUserListQuery: UserListQuery = { page: 1, search: '', sortBy: 'lastName', sortDirection: 'asc' };

/** Table filters of the user lists, kept while the user moves between pages of the app. */
export const userListQueryAtoms = {
  internal: atom<UserListQuery>(initialUserListQuery),
  broker: atom<UserListQuery>(initialUserListQuery),
  'ben-admin': atom<UserListQuery>(initialUserListQuery),
} satisfies Record<UserListKind, unknown>;

export type OutsideSignerOutcome = {
  clientId: string;
  kind: 'signed' | 'accepted' | 'declined' | 'confirmed';
  signerName: string;
  /** The form as it stood after the signer acted: the copy they may print. */
  client: ClientView;
};

/**
 * What an outside signer just did. Their link works once, so the thank-you page cannot fetch the form
 * again: it keeps the answer for this tab only (sessionStorage), never beyond it.
 */
export const outsideSignerOutcomeAtom = atomWithStorage<OutsideSignerOutcome | null>(
  'onboard.outsideSignerOutcome',
  null,
  createJSONStorage(() => (typeof sessionStorage === 'undefined' ? NO_STORAGE : sessionStorage)),
  { getOnInit: true },
);

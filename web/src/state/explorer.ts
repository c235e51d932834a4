import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { storedAtomFamily } from './stored-atom-family.ts';

/**
 * Browser-held data of the public Explorer (explorer §3): favourite plans per page and the chosen prepaid
 * location, kept in localStorage so a visitor finds them again on the next visit.
 */
const storage = createJSONStorage<never>(() => localStorage);

const FAVOURITES_KEY_PREFIX = 'onboard.explorer.favourites.';
const PREPAID_LOCATION_KEY = 'onboard.explorer.prepaidLocation';

/** Plan ids marked as favourites, one list per Explorer page id. */
export const favouritesAtom = storedAtomFamily<string[]>(FAVOURITES_KEY_PREFIX, [], storage as never);

/** The state the visitor chose for prepaid plans; null until chosen. Shared by every page. */
export const prepaidLocationAtom = atomWithStorage<string | null>(
  PREPAID_LOCATION_KEY,
  null,
  storage as never,
  {
    getOnInit: true,
  },
);

/** Plans ticked for comparison, per benefit type; for this visit only. */
export const comparisonSelectionAtom = atom<Record<string, string[]>>({});

export function toggled(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

const SUPPORT_CONVERSATION_KEY = 'onboard.explorer.supportConversation';

/**
 * The visitor's support conversation per page, for this browser tab's session: reopening the panel
 * resumes it instead of starting another.
 */
export const supportConversationAtom = atomWithStorage<Record<string, string>>(
  SUPPORT_CONVERSATION_KEY,
  {},
  createJSONStorage<never>(() => sessionStorage) as never,
  { getOnInit: true },
);

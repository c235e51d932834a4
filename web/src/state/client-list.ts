import { createJSONStorage } from 'jotai/utils';
import type { ClientPhase } from '@onboard/domain/web';
import { storedAtomFamily } from './stored-atom-family.ts';

/**
 * The staff client table's search, sort, page and filters (explorer §3 "client table filters" held in the
 * browser), kept in localStorage per signed-in user, so each person finds their own view again.
 */
export type ClientListFilters = {
  page: number;
  search: string;
  sortBy: 'name' | 'updatedAt' | 'createdAt' | 'nextDueDate';
  sortDirection: 'asc' | 'desc';
  phase: ClientPhase | '';
  eifStatus: 'pre_sign' | 'signed' | '';
  implementationConsultantUserId: string;
  hasNigo: boolean;
  dueThisWeek: boolean;
  live: boolean;
  archived: boolean;
  isTest: boolean;
};

export const INITIAL_CLIENT_LIST_FILTERS: ClientListFilters = {
  page: 1,
  search: '',
  sortBy: 'name',
  sortDirection: 'asc',
  phase: '',
  eifStatus: '',
  implementationConsultantUserId: '',
  hasNigo: false,
  dueThisWeek: false,
  live: false,
  archived: false,
  isTest: false,
};

const CLIENT_LIST_KEY_PREFIX = 'onboard.clientList.';

const storage = createJSONStorage<ClientListFilters>(() => localStorage);

/** The filters the client table of one user opens with: as last kept in this browser. */
export const storedClientListFilters = (userId: string): ClientListFilters =>
  storage.getItem(`${CLIENT_LIST_KEY_PREFIX}${userId}`, INITIAL_CLIENT_LIST_FILTERS) as ClientListFilters;

/** The client table's filters of one user. */
export const clientListFiltersAtom = storedAtomFamily(
  CLIENT_LIST_KEY_PREFIX,
  INITIAL_CLIENT_LIST_FILTERS,
  storage,
);

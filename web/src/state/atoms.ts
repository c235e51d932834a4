import { atom } from 'jotai';
import type { PushEntry } from './push-status.ts';

/** Every jotai atom of the app lives in web/src/state/ (design brief, style 9). */
export const pushEntriesAtom = atom<PushEntry[]>([]);

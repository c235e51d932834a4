import type { createJSONStorage } from 'jotai/utils';
import { atomWithStorage } from 'jotai/utils';

/**
 * One atom kept in browser storage per key (stored under `prefix` + key), made once per key and read from
 * storage when first used (jotai 3 has no atomFamily).
 */
export function storedAtomFamily<T>(
  prefix: string,
  initial: T,
  storage: ReturnType<typeof createJSONStorage<T>>,
) {
  const atomOf = (key: string) =>
    atomWithStorage<T>(`${prefix}${key}`, initial, storage, { getOnInit: true });
  const atoms = new Map<string, ReturnType<typeof atomOf>>();
  return (key: string) => {
    let found = atoms.get(key);
    if (!found) {
      found = atomOf(key);
      atoms.set(key, found);
    }
    return found;
  };
}

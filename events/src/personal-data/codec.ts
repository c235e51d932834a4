import type { NewEvent } from '../store/port.ts';
import { ERASED, scopeKey, type DataKeys, type DataKeyScope } from './port.ts';
import { isSealed, openValue, sealValue, sealedKeyId } from './seal.ts';

/**
 * Which values of an event are personal: under each `at` (a dotted path, `*` for every item of a list or
 * entry of a record; '' for the event's data), the `seal` paths' string values. With `employee`, the items
 * belong to the employee whose id is at that path, and are sealed with that employee's data key.
 */
export type PersonalField = { at: string; seal: readonly string[]; employee?: string };
export type PersonalDataSpec = {
  clientId: (data: Record<string, unknown>) => unknown;
  fields: readonly PersonalField[];
};
export type PersonalDataCatalogue = Readonly<Record<string, PersonalDataSpec>>;

const split = (path: string) => (path === '' ? [] : path.split('.'));

/** Every node the path reaches, each with a setter for its place. */
function visit(
  node: unknown,
  steps: readonly string[],
  each: (value: unknown, set: (next: unknown) => void) => void,
  set: (next: unknown) => void = () => {},
): void {
  if (steps.length === 0) return each(node, set);
  if (node === null || typeof node !== 'object') return;
  const [step, ...rest] = steps;
  const container = node as Record<string, unknown>;
  const keys = step === '*' ? Object.keys(container) : [step!];
  for (const key of keys) {
    if (!(key in container)) continue;
    visit(container[key], rest, each, (next) => {
      container[key] = next;
    });
  }
}

const get = (node: unknown, path: string): unknown => {
  let found: unknown;
  visit(node, split(path), (value) => {
    found = value;
  });
  return found;
};

/** Seals the personal values of events about to be appended (a copy; the caller's events stay open). */
export async function sealEvents(
  catalogue: PersonalDataCatalogue,
  keys: DataKeys,
  events: readonly NewEvent[],
): Promise<NewEvent[]> {
  type Place = { scope: DataKeyScope; value: string; set: (next: unknown) => void };
  const places: Place[] = [];
  const sealed = events.map((event) => {
    const spec = catalogue[event.type];
    if (!spec || event.data === null || typeof event.data !== 'object') return event;
    const data = structuredClone(event.data) as Record<string, unknown>;
    const clientId = spec.clientId(data);
    if (typeof clientId !== 'string') return event;
    for (const field of spec.fields) {
      visit(data, split(field.at), (item) => {
        const employee = field.employee === undefined ? undefined : get(item, field.employee);
        const scope = {
          clientId,
          employee: typeof employee === 'string' && employee !== '' ? employee : null,
        };
        for (const path of field.seal)
          visit(item, split(path), (value, set) => {
            if (typeof value === 'string' && !isSealed(value)) places.push({ scope, value, set });
          });
      });
    }
    return { ...event, data };
  });
  if (places.length === 0) return sealed;
  const scopes = new Map(places.map((p) => [scopeKey(p.scope), p.scope]));
  const dataKeys = await keys.forSealing([...scopes.values()]);
  for (const place of places) {
    const key = dataKeys.get(scopeKey(place.scope))!;
    place.set(sealValue(place.value, key.keyId, key.key));
  }
  return sealed;
}

/**
 * Opens the sealed values of events read: each with its data key, or 'erased' when the key was destroyed.
 * Walks the data whole, so a value sealed under a catalogue older than today's still opens.
 */
export async function openEvents<E extends { type: string; data: unknown }>(
  keys: DataKeys,
  events: readonly E[],
): Promise<E[]> {
  type Place = { value: string; set: (next: unknown) => void };
  const places: Place[] = [];
  const collect = (node: unknown, set: (next: unknown) => void) => {
    if (typeof node === 'string') {
      if (isSealed(node)) places.push({ value: node, set });
    } else if (node !== null && typeof node === 'object') {
      const container = node as Record<string, unknown>;
      for (const key of Object.keys(container))
        collect(container[key], (next) => {
          container[key] = next;
        });
    }
  };
  const opened = events.map((event) => {
    if (!hasSealed(event.data)) return event;
    const copy = { ...event, data: structuredClone(event.data) };
    collect(copy.data, (next) => {
      copy.data = next;
    });
    return copy;
  });
  if (places.length === 0) return opened;
  const dataKeys = await keys.forOpening([...new Set(places.map((p) => sealedKeyId(p.value)))]);
  for (const place of places) {
    const key = dataKeys.get(sealedKeyId(place.value));
    place.set(key ? openValue(place.value, key) : ERASED);
  }
  return opened;
}

/** Cheap test before walking: does the JSON of this data hold a sealed value at all? */
function hasSealed(data: unknown): boolean {
  if (typeof data === 'string') return isSealed(data);
  if (data === null || typeof data !== 'object') return false;
  return Object.values(data as Record<string, unknown>).some(hasSealed);
}

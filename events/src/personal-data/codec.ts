import type { NewEvent } from '../store/port.ts';
import { ERASED, scopeKey, type DataKeys, type DataKeyScope } from './port.ts';
import { isKeptSealed, isSealed, openValue, sealValue, sealedKeyId } from './seal.ts';

/**
 * Which values of an event are personal: under each `at` (a dotted path, `*` for every item of a list or
 * entry of a record; '' for the event's data), the `seal` paths' string values. With `employee`, the items
 * belong to the employee whose id is at that path, and are sealed with that employee's data key. `kept`
 * values stay sealed when the event is read (projections keep them sealed), and are opened where served.
 */
export type PersonalField = { at: string; seal: readonly string[]; employee?: string; kept?: boolean };
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
  type Place = { scope: DataKeyScope; value: string; kept: boolean; set: (next: unknown) => void };
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
            if (typeof value === 'string' && !isSealed(value))
              places.push({ scope, value, kept: field.kept === true, set });
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
    place.set(sealValue(place.value, key.keyId, key.key, { kept: place.kept }));
  }
  return sealed;
}

/**
 * Opens the sealed values of events read: each with its data key, or 'erased' when the key was destroyed.
 * Walks the data whole, so a value sealed under a catalogue older than today's still opens. Kept values
 * stay sealed.
 */
export async function openEvents<E extends { type: string; data: unknown }>(
  keys: DataKeys,
  events: readonly E[],
): Promise<E[]> {
  const places: Place[] = [];
  const opened = events.map((event) => {
    if (!hasSealed(event.data, false)) return event;
    const copy = { ...event, data: structuredClone(event.data) };
    collect(copy.data, (next) => (copy.data = next), places, false);
    return copy;
  });
  await openPlaces(keys, places);
  return opened;
}

/**
 * Opens every sealed value (kept ones too) in what a read model holds, where it is served: a copy with
 * each value opened, or 'erased' where its key was destroyed.
 */
export async function openSealedValues<T>(keys: DataKeys, value: T): Promise<T> {
  if (!hasSealed(value, true)) return value;
  const places: Place[] = [];
  let copy = structuredClone(value);
  collect(copy, (next) => (copy = next as T), places, true);
  await openPlaces(keys, places);
  return copy;
}

type Place = { value: string; set: (next: unknown) => void };

const opens = (value: unknown, kept: boolean): value is string =>
  isSealed(value) && (kept || !isKeptSealed(value));

function collect(node: unknown, set: (next: unknown) => void, places: Place[], kept: boolean): void {
  if (opens(node, kept)) places.push({ value: node, set });
  else if (node !== null && typeof node === 'object' && !(node instanceof Date)) {
    const container = node as Record<string, unknown>;
    for (const key of Object.keys(container))
      collect(container[key], (next) => (container[key] = next), places, kept);
  }
}

async function openPlaces(keys: DataKeys, places: readonly Place[]): Promise<void> {
  if (places.length === 0) return;
  const dataKeys = await keys.forOpening([...new Set(places.map((p) => sealedKeyId(p.value)))]);
  for (const place of places) {
    const key = dataKeys.get(sealedKeyId(place.value));
    place.set(key ? openValue(place.value, key) : ERASED);
  }
}

/** Cheap test before walking: does this data hold a value to open at all? */
function hasSealed(data: unknown, kept: boolean): boolean {
  if (typeof data === 'string') return opens(data, kept);
  if (data === null || typeof data !== 'object') return false;
  return Object.values(data as Record<string, unknown>).some((value) => hasSealed(value, kept));
}

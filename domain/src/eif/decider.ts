import type { AttributeChange, EifEntity, EifEvent } from '../../../events/src/index.ts';

/**
 * The EIF decider: one client's Employer Information Form as a fold over its stream.
 * decide(command, state) -> events | error; evolve(state, event) -> state.
 */
export type EntityState = { entity: EifEntity; entityId: string; attributes: Record<string, unknown> };

export type EifState =
  { status: 'empty' } | { status: 'open'; clientId: string; entities: ReadonlyMap<string, EntityState> };

export const entityKey = (entity: EifEntity, entityId: string) => `${entity}:${entityId}`;

export function initialState(): EifState {
  return { status: 'empty' };
}

export type EifCommand =
  | {
      type: 'CreateEntity';
      clientId: string;
      entity: EifEntity;
      entityId: string;
      attributes: Record<string, unknown>;
    }
  | {
      type: 'ChangeAttributes';
      clientId: string;
      entity: EifEntity;
      entityId: string;
      attributes: Record<string, unknown>;
    };

export type EifError =
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'ALREADY_EXISTS'; message: string }
  | { code: 'NO_CHANGE'; message: string };

export type Decision = { ok: true; events: EifEvent[] } | { ok: false; error: EifError };

/** False and null are the same answer (onboarding §4 net-change rules). */
export function isSameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === false || v === undefined ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

export function decide(command: EifCommand, state: EifState): Decision {
  switch (command.type) {
    case 'CreateEntity': {
      if (state.status === 'open' && state.entities.has(entityKey(command.entity, command.entityId))) {
        return { ok: false, error: { code: 'ALREADY_EXISTS', message: `${command.entity} already exists` } };
      }
      if (state.status === 'empty' && command.entity !== 'Client') {
        return { ok: false, error: { code: 'NOT_FOUND', message: 'Client not found' } };
      }
      const { type: _type, ...data } = command;
      return { ok: true, events: [{ type: 'EifEntityCreated', data }] };
    }
    case 'ChangeAttributes': {
      const current =
        state.status === 'open' ? state.entities.get(entityKey(command.entity, command.entityId)) : undefined;
      if (!current) {
        return { ok: false, error: { code: 'NOT_FOUND', message: `${command.entity} not found` } };
      }
      const changes: AttributeChange[] = Object.entries(command.attributes)
        .filter(([key, value]) => !isSameValue(current.attributes[key], value))
        .map(([attributeKey, value]) => ({
          attributeKey,
          value,
          previousValue: current.attributes[attributeKey] ?? null,
        }));
      // Saving an unchanged form is not an error for the user: nothing to record.
      if (changes.length === 0) return { ok: true, events: [] };
      return {
        ok: true,
        events: [
          {
            type: 'EifEntityChanged',
            data: { clientId: command.clientId, entity: command.entity, entityId: command.entityId, changes },
          },
        ],
      };
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolve(state: EifState, event: EifEvent): EifState {
  const entities = new Map(state.status === 'open' ? state.entities : []);
  const clientId = state.status === 'open' ? state.clientId : event.data.clientId;
  switch (event.type) {
    case 'EifEntityCreated': {
      const { entity, entityId, attributes } = event.data;
      entities.set(entityKey(entity, entityId), { entity, entityId, attributes: { ...attributes } });
      break;
    }
    case 'EifEntityChanged': {
      const key = entityKey(event.data.entity, event.data.entityId);
      const current = entities.get(key);
      if (current) {
        const attributes = { ...current.attributes };
        for (const change of event.data.changes) attributes[change.attributeKey] = change.value;
        entities.set(key, { ...current, attributes });
      }
      break;
    }
    case 'EifEntityDeleted':
      entities.delete(entityKey(event.data.entity, event.data.entityId));
      break;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
  return { status: 'open', clientId, entities };
}

export function fold(events: readonly EifEvent[], state: EifState = initialState()): EifState {
  return events.reduce(evolve, state);
}

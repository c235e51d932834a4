import type { EifState, EntityState } from './decider.ts';

/** The client as the API shows it: the Client entity's attributes, with its policies and plans. */
export type ClientView = {
  id: string;
  name: string;
  version: number;
  taxId: string | null;
  policies: Record<string, unknown>[];
  plans: Record<string, unknown>[];
  [attribute: string]: unknown;
};

const byEntity = (entities: Iterable<EntityState>, entity: string) =>
  [...entities]
    .filter((e) => e.entity === entity)
    .map((e) => ({ ...e.attributes, id: e.entityId }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));

export function toClientView(state: EifState, version: bigint): ClientView | null {
  if (state.status !== 'open') return null;
  const client = state.entities.get(`Client:${state.clientId}`);
  if (!client) return null;
  const all = [...state.entities.values()];
  return {
    ...client.attributes,
    id: state.clientId,
    name: String(client.attributes.name ?? ''),
    taxId: (client.attributes.taxId as string | null | undefined) ?? null,
    // Stream revisions stay far below 2^53, so a JSON number is safe for the If-Match value.
    version: Number(version),
    policies: byEntity(all, 'Policy'),
    plans: byEntity(all, 'Plan'),
  };
}

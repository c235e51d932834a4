import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { EifActor, EifEvent, NewEvent } from '@onboard/events';
import { decide, fold, toEditingView, type EifCommand, type EifState } from '@onboard/domain';
import { editsToComplete } from '@onboard/domain/testing';

export type Intent = { type: EifCommand['type']; data: Record<string, unknown> };

/**
 * A random but legal walk over one client's form: each command is decided on the state so far, and the
 * events of those the decider accepts are kept. `pick(n)` draws the walk's next choice below n.
 */
export function formWalk(clientId: string, seed: number, numRuns: number) {
  const random = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { numRuns, seed });
  let r = 0;
  const pick = (n: number) => random[r++ % random.length]! % n;
  const events: EifEvent[] = [];
  let state: EifState = fold([]);
  const actor = (): EifActor =>
    pick(2) === 0 ? { userId: 'ben', role: 'BEN_ADMIN' } : { userId: 'ic', role: 'SLF_ADMIN' };
  /** Decides the command asked at minute i by `by` (a random actor when not given). */
  const run = (i: number, intent: Intent, by: EifActor = actor()) => {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const command = { type: intent.type, data: { clientId, ...intent.data }, metadata: { at, by } };
    const decision = decide(command as EifCommand, state);
    if (!decision.ok) return;
    events.push(...decision.events);
    state = fold(decision.events, state);
  };
  /** Gives every required answer, at minute i, so the form can be signed. */
  const completeForm = (i: number) => {
    for (let round = 0; round < 8; round += 1) {
      const view = toEditingView(state, 0n);
      const edits = view ? editsToComplete(view) : [];
      if (edits.length === 0) break;
      edits.forEach((completing, n) =>
        run(i, {
          type: completing.action === 'create' ? 'CreateEntity' : 'ChangeAttributes',
          data: {
            changeId: randomUUID(),
            entity: completing.entity,
            entityId: completing.entityId ?? `required-${round}-${n}`,
            attributes: completing.values,
          },
        }),
      );
    }
  };
  return { pick, actor, run, completeForm, events, state: () => state };
}

/** A generated history as events to append, stamped at `occurredAt`. */
export const toAppend = (history: readonly EifEvent[], occurredAt: string): NewEvent[] =>
  history.map((event) => ({
    // A pending edit's change id is its event id, as the command handler makes it.
    id: 'pending' in event.data && event.data.pending ? event.data.pending.changeId : randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { actorId: 'gen', actorRole: 'SLF_ADMIN', occurredAt, correlationId: randomUUID() },
  }));

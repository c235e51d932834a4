import {
  EIF_EVENT_TYPES,
  eifStream,
  parseEvent,
  signaturesStream,
  type EifEvent,
  type EventStore,
} from '@onboard/events';
import {
  type Actor,
  signedFacts,
  type SignedFacts,
  signaturesDecider,
  type SignaturesState,
} from '@onboard/domain';
import type { CommandDeps } from '../http/context.ts';
import { decideOnStream, type RequestContext } from '../http/decide.ts';

const EIF_TYPES: ReadonlySet<string> = new Set(EIF_EVENT_TYPES);

/** What the form's own stream tells of its signature and the answers accepted since (eif/signatures.ts). */
export async function readSignedFacts(store: EventStore, clientId: string): Promise<SignedFacts> {
  const records = await store.readStream(eifStream(clientId));
  return signedFacts(records.map((r) => parseEvent(r)).filter((e) => EIF_TYPES.has(e.type)) as EifEvent[]);
}

/**
 * A signer confirms every accepted change of the sections they signed that they have not confirmed yet,
 * through the one command handler on `signatures-{clientId}`. The facts are read first: a change accepted
 * meanwhile is simply asked for again.
 */
export async function confirmSignedChanges(
  deps: Pick<CommandDeps, 'store' | 'now' | 'newId'>,
  actor: { userId: string; role: Actor['role'] | 'OUTSIDE_SIGNER' },
  clientId: string,
  request: RequestContext,
): Promise<number> {
  const facts = await readSignedFacts(deps.store, clientId);
  const { events } = await decideOnStream(deps, {
    request,
    actor,
    stream: signaturesStream(clientId),
    decider: signaturesDecider,
    build: (_state, metadata) => ({ type: 'ConfirmChanges' as const, data: { clientId, facts }, metadata }),
    retriesOnRace: 2,
  });
  return events.reduce((sum, e) => sum + (e.type === 'EifChangesConfirmed' ? e.data.answers.length : 0), 0);
}

/** The signatures stream folded, for a caller deciding what an outside signer's link leads to. */
export async function readSignatures(store: EventStore, clientId: string): Promise<SignaturesState> {
  const records = await store.readStream(signaturesStream(clientId));
  return records
    .map((r) => parseEvent(r))
    .reduce(
      (state, event) =>
        event.type === 'EifCountersigned' || event.type === 'EifChangesConfirmed'
          ? signaturesDecider.evolve(state, event)
          : state,
      signaturesDecider.initialState(),
    );
}

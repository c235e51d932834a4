import { parseEvent, type AggregateCodec, type EifEvent } from '@onboard/events';
import { fold, initialState, type EifState } from './decider.ts';
import { fromDocument, toDocument, type EifStateDocument } from './client-view.ts';

/** How the EIF aggregate loads and snapshots; bump the schema when EifStateDocument changes. */
export const eifCodec: AggregateCodec<EifState, EifEvent> = {
  schema: 'eif-state-v1',
  initial: initialState,
  parse: (recorded) => parseEvent(recorded) as EifEvent,
  fold,
  toSnapshot: toDocument,
  fromSnapshot: (snapshot) => fromDocument(snapshot as EifStateDocument),
  // fold copies what it changes (decider.ts), and every use of a loaded state only reads it.
  keepsState: true,
};

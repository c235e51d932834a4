import { EIF_EVENT_TYPES, parseEvent, type EifEvent, type RecordedEvent } from '@onboard/events';

const EIF_TYPES = new Set<string>(EIF_EVENT_TYPES);

/** An EIF event of a batch, parsed, beside the event as the store recorded it. */
export type ParsedEifEvent = { recorded: RecordedEvent; event: EifEvent };

/** A batch's EIF events by client, each client's in the batch's order; any other event is skipped. */
export function eifEventsByClient(events: readonly RecordedEvent[]): Map<string, ParsedEifEvent[]> {
  const byClient = new Map<string, ParsedEifEvent[]>();
  for (const recorded of events) {
    if (!EIF_TYPES.has(recorded.type)) continue;
    const event = parseEvent(recorded) as EifEvent;
    const list = byClient.get(event.data.clientId);
    if (list) list.push({ recorded, event });
    else byClient.set(event.data.clientId, [{ recorded, event }]);
  }
  return byClient;
}

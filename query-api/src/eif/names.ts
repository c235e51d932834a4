import { parseEvent, userStream, type EventStore, type UserEvent } from '@onboard/events';
import { foldUser } from '@onboard/domain';

/** User ids to "First Last", read from each user's stream; a user that cannot be read keeps its id. */
export async function displayNames(
  store: EventStore,
  userIds: Iterable<string>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const userId of new Set(userIds)) {
    const recorded = await store.readStream(userStream(userId));
    const state = foldUser(recorded.map((r) => parseEvent(r) as UserEvent));
    if (state.status !== 'none') names.set(userId, `${state.user.firstName} ${state.user.lastName}`.trim());
  }
  return names;
}

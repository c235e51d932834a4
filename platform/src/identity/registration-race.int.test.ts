import { describe, expect, it } from 'vitest';
import { emailReservationStream, userStream, type EventStore } from '@onboard/events';
import {
  EmailTakenError,
  SYSTEM_ACTOR,
  registerUser,
  setPassword,
  type AuthDeps,
} from '@onboard/command-api/auth';
import { migratedDatabase } from '@onboard/testing/db';
import { appForTests } from '../testing/seeded-app.ts';
import { DEMO_USERS, seedDemoUsers } from '../seed.ts';
import { apiClient } from '../testing/http-client.ts';

const PASSWORD = 'Correct-Horse-42!';

/**
 * An event store whose first `parties` appends to `stream` wait for one another, so concurrent callers
 * have all read the stream before any of them writes: the interleaving of a real race, every time.
 */
function gatedStore(store: EventStore, stream: string, parties: number): EventStore {
  const waiting: (() => void)[] = [];
  let gated = 0;
  return {
    ...store,
    append: async (name, events, expected) => {
      if (name === stream && gated < parties) {
        gated += 1;
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === parties) for (const go of waiting) go();
        });
      }
      return store.append(name, events, expected);
    },
  };
}

describe('two registrations racing for one address', () => {
  const running = appForTests(() => migratedDatabase('registration_race'), { seedDemoData: false });

  const registration = (userId: string, email: string) => ({
    userId,
    role: 'SLF_ADMIN' as const,
    firstName: 'Rae',
    lastName: 'Racer',
    email,
    phoneNumber: null,
    clientIds: [],
  });
  const eventsOf = async (stream: string) =>
    (await running.app.store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }));
  const withStore = (store: EventStore): AuthDeps => ({ ...running.app.identity.deps, store });

  it('of the same user (two seeders): one registers, the other fails without releasing the address', async () => {
    const email = 'same.user@example.com';
    const deps = withStore(gatedStore(running.app.store, userStream('race-same'), 2));
    const outcomes = await Promise.allSettled([
      registerUser(deps, SYSTEM_ACTOR, registration('race-same', email)),
      registerUser(deps, SYSTEM_ACTOR, registration('race-same', email)),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);

    expect((await eventsOf(userStream('race-same'))).map((e) => e.type)).toEqual(['UserRegistered']);
    expect(await eventsOf(emailReservationStream(email))).toEqual([
      { type: 'EmailReserved', data: { email, userId: 'race-same' } },
    ]);
    await setPassword(running.app.identity.deps, 'race-same', PASSWORD);
    expect(await apiClient(running.app.url).signIn(email, PASSWORD)).toMatchObject({ userId: 'race-same' });
  });

  it('of two users: exactly one user, the address reserved by the winner, who signs in', async () => {
    const email = 'two.users@example.com';
    const deps = withStore(gatedStore(running.app.store, emailReservationStream(email), 2));
    const outcomes = await Promise.allSettled([
      registerUser(deps, SYSTEM_ACTOR, registration('race-a', email)),
      registerUser(deps, SYSTEM_ACTOR, registration('race-b', email)),
    ]);
    const won = outcomes.findIndex((o) => o.status === 'fulfilled');
    const lost = outcomes.find((o) => o.status === 'rejected');
    expect(won).toBeGreaterThanOrEqual(0);
    expect(lost?.reason).toBeInstanceOf(EmailTakenError);
    const [winner, loser] = won === 0 ? ['race-a', 'race-b'] : ['race-b', 'race-a'];

    expect(await eventsOf(userStream(loser))).toEqual([]);
    expect((await eventsOf(userStream(winner))).map((e) => e.type)).toEqual(['UserRegistered']);
    expect(await eventsOf(emailReservationStream(email))).toEqual([
      { type: 'EmailReserved', data: { email, userId: winner } },
    ]);
    await setPassword(running.app.identity.deps, winner, PASSWORD);
    expect(await apiClient(running.app.url).signIn(email, PASSWORD)).toMatchObject({ userId: winner });
  });

  it('seeding from three replicas at once: every demo user once, every address still reserved, all sign in', async () => {
    await Promise.all([1, 2, 3].map(() => seedDemoUsers(running.app.identity.deps, PASSWORD)));
    for (const user of DEMO_USERS) {
      expect((await eventsOf(userStream(user.id))).filter((e) => e.type === 'UserRegistered')).toHaveLength(
        1,
      );
      const reservations = await eventsOf(emailReservationStream(user.email));
      expect(reservations.map((e) => e.type)).toEqual(['EmailReserved']);
      expect(await apiClient(running.app.url).signIn(user.email, PASSWORD)).toMatchObject({
        userId: user.id,
      });
    }
  });
});

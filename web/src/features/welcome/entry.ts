import type { Role } from '../../api/types.ts';

/**
 * Where a person opening a client's hub home goes first (onboarding §2 /setup-pending and /welcome).
 * Staff always see the hub. The client's own people (benefits administrators, brokers) wait on
 * /setup-pending while the carrier is still setting the client up, then go through /welcome once, then
 * see the hub. Setup comes first: the welcome flow introduces a client that is ready.
 */
export type HubEntry = 'hub' | 'setup-pending' | 'welcome' | 'checking';

/** What is known so far of a read: not yet answered, failed, or its answer. */
export type Read<T> = { state: 'loading' } | { state: 'failed' } | { state: 'done'; value: T };

export function hubEntry(
  role: Role | null,
  setup: Read<{ completedSetup: boolean }>,
  welcome: Read<{ welcomeFlowCompletedAt: string | null }>,
): HubEntry {
  if (role === null) return 'checking';
  if (role === 'SLF_ADMIN' || role === 'SLF_OWNER') return 'hub';
  if (setup.state === 'loading') return 'checking';
  // A read that fails never keeps anyone from the hub: the hub shows what it can and its own errors.
  if (setup.state === 'done' && !setup.value.completedSetup) return 'setup-pending';
  if (welcome.state === 'loading') return 'checking';
  if (welcome.state === 'done' && welcome.value.welcomeFlowCompletedAt === null) return 'welcome';
  return 'hub';
}

/** Whether a role reads the setup and welcome state at all (staff never do). */
export const isClientPerson = (role: Role) => role === 'BEN_ADMIN' || role === 'BROKER';

export const welcomePath = (clientId: string) => `/client/${encodeURIComponent(clientId)}/welcome`;
export const setupPendingPath = (clientId: string) => `/client/${encodeURIComponent(clientId)}/setup-pending`;

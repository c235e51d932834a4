import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { QueryFallback } from '../../ui/QueryState.tsx';
import { useClientSetup, useWelcomeFlow } from './api.ts';
import { hubEntry, isClientPerson, setupPendingPath, welcomePath, type Read } from './entry.ts';

const readOf = <T,>({ data, error }: { data?: T; error?: unknown }): Read<T> =>
  data !== undefined ? { state: 'done', value: data } : error ? { state: 'failed' } : { state: 'loading' };

/**
 * The one place that decides whether the hub home shows (entry.ts hubEntry): the client's people go to
 * /setup-pending while setup is not complete, then to /welcome until they have been through it; staff
 * are never sent anywhere and read neither.
 */
export function HubEntryGuard({ clientId, children }: { clientId: string; children: ReactNode }) {
  const { data: user } = useAuthenticatedUser();
  const reads = user ? isClientPerson(user.role) : false;
  const setup = useClientSetup(reads ? clientId : null);
  const welcome = useWelcomeFlow(reads ? clientId : null);
  const entry = hubEntry(user?.role ?? null, readOf(setup), readOf(welcome));
  const [, navigate] = useLocation();

  useEffect(() => {
    // Replace, so the browser's Back does not land on the hub only to be sent on again.
    if (entry === 'setup-pending') navigate(setupPendingPath(clientId), { replace: true });
    if (entry === 'welcome') navigate(welcomePath(clientId), { replace: true });
  }, [entry, clientId, navigate]);

  if (entry === 'hub') return children;
  return <QueryFallback error={null} isPage />;
}

/** The hub home behind its entry guard (app/screens.ts wraps the screen with it). */
export function guardHubEntry<P extends { clientId: string }>(Page: ComponentType<P>) {
  return function GuardedHubPage(props: P) {
    return (
      <HubEntryGuard clientId={props.clientId}>
        <Page {...props} />
      </HubEntryGuard>
    );
  };
}

import { Link } from '../ui/controls.ts';
import { useRead } from '../api/client.ts';
import { isAdminRole, type AuthenticatedUser } from '../api/types.ts';
import { clientHubPath, clientManagePath, homePathFor } from './routes.ts';

/**
 * The banner over a client's hub pages (explorer §2 "Banners"): staff and brokers get 'See all clients'
 * (their own list), staff also 'Manage client'; a ben-admin gets their clients to switch between, and no
 * banner when they have exactly one.
 */
export function ClientBanner({ user, clientId }: { user: AuthenticatedUser; clientId: string }) {
  if (user.role === 'BEN_ADMIN') return <ClientSwitcher user={user} clientId={clientId} />;
  return (
    <nav className="client-banner" aria-label="Client">
      <Link className="client-banner__link" href={homePathFor(user.role)}>
        See all clients
      </Link>
      {isAdminRole(user.role) && (
        <Link className="client-banner__link" href={clientManagePath(clientId)}>
          Manage client
        </Link>
      )}
    </nav>
  );
}

/** A ben-admin's clients as the list answers them (never archived or deleted ones), by name. */
function ClientSwitcher({ user, clientId }: { user: AuthenticatedUser; clientId: string }) {
  const { data } = useRead(
    '/api/users/{userId}/clients',
    { userId: user.id },
    { limit: 100, sortBy: 'name' },
  );
  const clients = data?.items ?? [];
  if (clients.length <= 1) return null;
  return (
    <nav className="client-banner" aria-label="Your clients">
      <span className="client-banner__label">Your clients:</span>
      <ul className="client-banner__switcher">
        {clients.map((client) => {
          const isCurrent = client.id.toLowerCase() === clientId.toLowerCase();
          return (
            <li key={client.id}>
              <Link
                className={`client-banner__client${isCurrent ? ' client-banner__client--current' : ''}`}
                href={clientHubPath(client.id)}
                aria-current={isCurrent ? 'page' : undefined}
              >
                {client.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

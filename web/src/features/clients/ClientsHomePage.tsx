import { Heading, Link } from 'react-aria-components';
import type { AuthenticatedUser } from '../../api/types.ts';
import { ROLE_LABELS } from '../../api/types.ts';
import { clientHubPath, taxIdPath } from '../../app/routes.ts';

/** A role's home page; for now the clients of the user, each leading to its company-information task. */
export function ClientsHomePage({ user, title }: { user: AuthenticatedUser; title: string }) {
  return (
    <div className="page">
      <div className="page__header">
        <Heading level={1}>{title}</Heading>
        <p className="muted">
          Signed in as {user.name} ({ROLE_LABELS[user.role]}).
        </p>
      </div>
      <section className="card" aria-labelledby="clients-title">
        <Heading level={2} id="clients-title" className="card__title">
          Your clients
        </Heading>
        {user.clients.length === 0 ? (
          <p className="muted">No clients are assigned to you yet.</p>
        ) : (
          <ul className="client-list">
            {user.clients.map((client) => (
              <li key={client.id} className="client-list__item">
                <div>
                  <span className="client-list__name">{client.name}</span>
                  <span className="client-list__meta">Submit company information · Tax ID</span>
                </div>
                <div className="button-row">
                  <Link
                    className="button button--secondary"
                    href={clientHubPath(client.id)}
                    aria-label={`Open the client hub of ${client.name}`}
                  >
                    Client hub
                  </Link>
                  <Link
                    className="button button--secondary"
                    href={taxIdPath(client.id)}
                    aria-label={`Open the Tax ID step for ${client.name}`}
                  >
                    Open task
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

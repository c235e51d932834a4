import { useState } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Heading, Link } from '../../ui/controls.ts';
import type { AuthenticatedUser } from '../../api/types.ts';
import { ROLE_LABELS } from '../../api/types.ts';
import { clientHubPath } from '../../app/routes.ts';
import { Pager } from '../../ui/Pager.tsx';
import { CLIENT_PAGE_SIZE, useOwnClients } from './api.ts';
import { NextTask, Progress } from './ClientProgress.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

/**
 * A broker's home (/clients) and a ben-admin's (/clients/ben-admin), onboarding §2: their clients, the one
 * with the task due first at the top, each with its progress and next task, leading to the client's hub.
 */
export function ClientsHomePage({ user, title }: { user: AuthenticatedUser; title: string }) {
  const [page, setPage] = useState(1);
  const { data, error } = useOwnClients(user.id, page);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / CLIENT_PAGE_SIZE));
  return (
    <div className="page">
      <div className="page__header">
        <Heading level={1}>{title}</Heading>
        <p className="muted">
          Signed in as {user.name} ({ROLE_LABELS[user.role]}).
        </p>
      </div>
      <TitledSection id="clients-title" title="Your clients" className="card">
        <QueryState data={data} error={error} staleError="above">
          {(data) =>
            data.items.length === 0 ? (
              <p className="muted">No clients are assigned to you yet.</p>
            ) : (
              <ul className="client-list">
                {data.items.map((client) => (
                  <li key={client.id} className="client-list__item">
                    <div className="client-home__main">
                      <span className="client-list__name">{client.name}</span>
                      <span className="client-home__facts">
                        {client.progress.total === 0 ? (
                          <span className="muted">No tasks scheduled yet</span>
                        ) : (
                          <>
                            <Progress {...client.progress} />
                            <NextTask next={client.nextTask} />
                          </>
                        )}
                      </span>
                    </div>
                    <div className="button-row">
                      <Link
                        className="button button--secondary"
                        href={clientHubPath(client.id)}
                        aria-label={`Open the client hub of ${client.name}`}
                      >
                        Client hub
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {data && data.total > CLIENT_PAGE_SIZE && (
          <Pager
            page={page}
            pageCount={pageCount}
            total={data.total}
            noun={['client', 'clients']}
            onPage={setPage}
          />
        )}
      </TitledSection>
    </div>
  );
}

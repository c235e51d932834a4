import { lazy, Suspense, useState } from 'react';
import { useAtom } from '../../state/store.ts';
import {
  Button,
  Cell,
  Column,
  Heading,
  Input,
  Label,
  Link,
  Row,
  SearchField,
  Table,
  TableBody,
  TableHeader,
} from 'react-aria-components';
import { CLIENT_PAGE_SIZE, useClientPage } from './api.ts';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { formatWhen } from '../../ui/format.ts';
import { clientManagePath } from '../../app/routes.ts';
import { clientListQueryAtom } from '../../state/atoms.ts';
import { Pager } from '../../ui/Pager.tsx';

// The new-client form loads when staff open it.
const CreateClientDialog = lazy(() =>
  import('./CreateClientDialog.tsx').then((m) => ({ default: m.CreateClientDialog })),
);

/** Staff home (onboarding §2 /clients/admin): every client, 25 a page, searchable by name. */
export function AdminClientsPage() {
  const [query, setQuery] = useAtom(clientListQueryAtom);
  const { data, error, isLoading } = useClientPage(query.page, query.search);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / CLIENT_PAGE_SIZE));
  const [isCreating, setIsCreating] = useState(false);

  return (
    <div className="page page--wide">
      <div className="page__header">
        <Heading level={1}>Clients</Heading>
        <p className="muted">
          Manage each client's Employer Information Form and review changes made after signing.
        </p>
        <Button className="button button--primary" onPress={() => setIsCreating(true)}>
          New client
        </Button>
        {isCreating && (
          <Suspense fallback={null}>
            <CreateClientDialog isOpen onOpenChange={setIsCreating} />
          </Suspense>
        )}
      </div>
      <section className="card">
        <SearchField
          className="field search-field"
          value={query.search}
          onChange={(search) => setQuery({ search, page: 1 })}
        >
          <Label className="field__label">Search</Label>
          <Input className="field__input" placeholder="Client name" />
        </SearchField>
        {error && <ErrorPanel error={error} />}
        {isLoading && !data && <PageSkeleton />}
        {data && (
          <Table aria-label="Clients" className="table">
            <TableHeader>
              <Column id="name" isRowHeader>
                Client
              </Column>
              <Column id="eifStatus">EIF</Column>
              <Column id="pending">Pending changes</Column>
              <Column id="updatedAt">Last activity</Column>
              <Column id="actions">
                <span className="visually-hidden">Actions</span>
              </Column>
            </TableHeader>
            <TableBody
              items={data.items}
              renderEmptyState={() => <p className="muted table__empty">No clients found.</p>}
            >
              {(client) => (
                <Row id={client.id} className="table__row">
                  <Cell>
                    <span className="client-list__name">{client.name}</span>
                    <span className="client-list__meta">{client.id}</span>
                  </Cell>
                  <Cell>
                    <span
                      className={`status-pill status-pill--${client.eifStatus === 'signed' ? 'success' : 'info'}`}
                    >
                      {client.eifStatus === 'signed' ? 'Signed' : 'Not signed'}
                    </span>
                  </Cell>
                  <Cell>
                    {client.pendingChangeCount > 0 ? (
                      <span className="status-pill status-pill--warning">
                        {client.pendingChangeCount} pending
                      </span>
                    ) : (
                      <span className="muted">None</span>
                    )}
                  </Cell>
                  <Cell>{formatWhen(client.updatedAt)}</Cell>
                  <Cell>
                    <Link
                      className="button button--small button--secondary"
                      href={clientManagePath(client.id)}
                      aria-label={`Manage ${client.name}`}
                    >
                      Manage
                    </Link>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
        {data && (
          <Pager
            page={query.page}
            pageCount={pageCount}
            total={data.total}
            noun={['client', 'clients']}
            onPage={(page) => setQuery({ ...query, page })}
          />
        )}
      </section>
    </div>
  );
}

import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { CLIENT_PHASE_LABELS, CLIENT_PHASES, EIF_STATUS_LABELS } from '@onboard/domain/web';
import { useAtom } from '../../state/store.ts';
import { CLIENT_PAGE_SIZE, useClientPage, useStaffUsers, type ClientListItem } from './api.ts';
import { NextTask, Progress } from './ClientProgress.tsx';
import { PageSkeleton } from '../../ui/Feedback.tsx';
import { clientManagePath } from '../../app/routes.ts';
import { clientListFiltersAtom } from '../../state/client-list.ts';
import {
  CLIENT_LIST_SEARCH_MAX,
  INITIAL_CLIENT_LIST_FILTERS,
  type ClientListFilters,
} from '../../state/client-list-cookie.ts';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { ListTable, listControls } from '../../ui/ListTable.tsx';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

// The new-client form loads when staff open it.
const CreateClientDialog = lazy(() =>
  import('./CreateClientDialog.tsx').then((m) => ({ default: m.CreateClientDialog })),
);

const SORTS: { value: ClientListFilters['sortBy']; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'nextDueDate', label: 'Next task due' },
  { value: 'updatedAt', label: 'Last activity' },
  { value: 'createdAt', label: 'Created' },
];

const FLAGS: { key: 'hasNigo' | 'dueThisWeek' | 'live' | 'archived' | 'isTest'; label: string }[] = [
  { key: 'hasNigo', label: 'Has NIGO' },
  { key: 'dueThisWeek', label: 'Due this week' },
  { key: 'live', label: 'LIVE' },
  { key: 'archived', label: 'Archived' },
  { key: 'isTest', label: 'Test clients' },
];

const isFiltered = (f: ClientListFilters) =>
  Boolean(
    f.search || f.phase || f.eifStatus || f.implementationConsultantUserId || FLAGS.some(({ key }) => f[key]),
  );

/**
 * A filter's choice on the native select: the list page stays within its first-page budget
 * (bench/portal-size.ts) without the popover select's code.
 */
function FilterSelect(props: Omit<ComponentProps<typeof NativeSelect>, 'inputClassName'>) {
  return <NativeSelect {...props} inputClassName="field__input native-select" />;
}

function ClientFlags({ client }: { client: ClientListItem }) {
  return (
    <>
      {client.isDraft && <span className="badge">Draft</span>}
      {client.isArchived && <span className="badge badge--warning">Archived</span>}
      {client.isTest && <span className="badge badge--warning">Test</span>}
    </>
  );
}

/**
 * Staff home (onboarding §2 /clients/admin): every client, 25 a page, searched by name, sorted by a column
 * and filtered by phase, EIF status, consultant and flags; the search, sort and filters are kept per user in
 * this browser (explorer §3), in a cookie, so the server renders the table as it was left.
 */
export function AdminClientsPage() {
  const { data: user } = useAuthenticatedUser();
  return user ? <ClientTable userId={user.id} /> : <PageSkeleton />;
}

function ClientTable({ userId }: { userId: string }) {
  const [filters, setFilters] = useAtom(clientListFiltersAtom(userId));
  const { data, error } = useClientPage(filters);
  const { data: staff } = useStaffUsers();
  const [isCreating, setIsCreating] = useState(false);
  const change = (next: Partial<ClientListFilters>) => setFilters({ ...filters, ...next, page: 1 });

  const consultants = (staff ?? [])
    .map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName}`.trim() }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <div className="page page--wide page--full">
      <div className="page__header page__header--row">
        <div>
          <Heading level={1}>Clients</Heading>
          <p className="muted">
            Every client’s onboarding: where it stands, who runs it and what is due next.
          </p>
        </div>
        <div className="page__actions">
          <Button className="button button--primary" onPress={() => setIsCreating(true)}>
            New client
          </Button>
        </div>
        {isCreating && (
          <Suspense fallback={null}>
            <CreateClientDialog isOpen onOpenChange={setIsCreating} />
          </Suspense>
        )}
      </div>
      <section className="card">
        <div className="client-filters">
          <SearchBox
            className="client-filters__search"
            value={filters.search}
            onChange={(search) => change({ search: search.slice(0, CLIENT_LIST_SEARCH_MAX) })}
            placeholder="Client name"
          />
          <FilterSelect
            label="Phase"
            value={filters.phase}
            options={[
              { value: '', label: 'Any phase' },
              ...CLIENT_PHASES.map((p) => ({ value: p, label: CLIENT_PHASE_LABELS[p] })),
            ]}
            onChange={(phase) => change({ phase: phase as ClientListFilters['phase'] })}
          />
          <FilterSelect
            label="EIF status"
            value={filters.eifStatus}
            options={[
              { value: '', label: 'Any status' },
              { value: 'pre_sign', label: EIF_STATUS_LABELS.pre_sign },
              { value: 'signed', label: EIF_STATUS_LABELS.signed },
            ]}
            onChange={(eifStatus) => change({ eifStatus: eifStatus as ClientListFilters['eifStatus'] })}
          />
          <FilterSelect
            label="Implementation consultant"
            value={filters.implementationConsultantUserId}
            options={[{ value: '', label: 'Anyone' }, ...consultants]}
            onChange={(implementationConsultantUserId) => change({ implementationConsultantUserId })}
          />
          <FilterSelect
            label="Sort by"
            value={filters.sortBy}
            options={SORTS}
            onChange={(sortBy) =>
              change({ sortBy: (sortBy || 'name') as ClientListFilters['sortBy'], sortDirection: 'asc' })
            }
          />
        </div>
        <div className="client-filters__flags" role="group" aria-label="Show only">
          {FLAGS.map(({ key, label }) => (
            <CheckboxInput key={key} isSelected={filters[key]} onChange={(on) => change({ [key]: on })}>
              {label}
            </CheckboxInput>
          ))}
          {isFiltered(filters) && (
            <Button
              className="button button--small button--secondary"
              onPress={() =>
                setFilters({
                  ...INITIAL_CLIENT_LIST_FILTERS,
                  sortBy: filters.sortBy,
                  sortDirection: filters.sortDirection,
                })
              }
            >
              Clear filters
            </Button>
          )}
        </div>
        <QueryState data={data} error={error} staleError="above">
          {(data) => (
            <ListTable
              label="Clients"
              className="client-table"
              columns={[
                { id: 'name', label: 'Client', isSortable: true },
                { id: 'phase', label: 'Phase' },
                { id: 'eifStatus', label: 'EIF' },
                { id: 'ic', label: 'Implementation consultant' },
                { id: 'progress', label: 'Progress' },
                { id: 'nextDueDate', label: 'Next task due', isSortable: true },
                { id: 'nigo', label: 'NIGO' },
              ]}
              items={data.items}
              rowId={(client) => client.id}
              cells={(client) => [
                <>
                  <Link
                    className="text-link client-list__name"
                    href={clientManagePath(client.id)}
                    aria-label={`Manage ${client.name || 'unnamed client'}`}
                  >
                    {client.name || 'Unnamed client'}
                  </Link>
                  <span className="client-table__flags">
                    <ClientFlags client={client} />
                  </span>
                </>,
                <span className={`status-pill status-pill--${client.phase === 'live' ? 'success' : 'info'}`}>
                  {CLIENT_PHASE_LABELS[client.phase]}
                </span>,
                <>
                  {client.eifStatus ? (
                    EIF_STATUS_LABELS[client.eifStatus]
                  ) : (
                    <span className="muted">Not started</span>
                  )}
                  {client.pendingChangeCount > 0 && (
                    <span className="client-list__meta">
                      {client.pendingChangeCount} pending change{client.pendingChangeCount === 1 ? '' : 's'}
                    </span>
                  )}
                </>,
                client.implementationConsultant?.name ?? <span className="muted">Unassigned</span>,
                <Progress {...client.progress} />,
                <NextTask next={client.nextTask} />,
                client.nigoCount > 0 ? (
                  <span className="status-pill status-pill--error">{client.nigoCount}</span>
                ) : (
                  <span className="muted">0</span>
                ),
              ]}
              empty={isFiltered(filters) ? 'No clients match these filters.' : 'No clients yet.'}
              {...listControls(filters, setFilters, {
                total: data.total,
                pageSize: CLIENT_PAGE_SIZE,
                noun: ['client', 'clients'],
              })}
            />
          )}
        </QueryState>
      </section>
    </div>
  );
}

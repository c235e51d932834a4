import { useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { useLocation, useSearch } from 'wouter';
import type { AuthenticatedUser } from '../../api/types.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { Alert } from '../../ui/Feedback.tsx';
import { ADMIN_HOME_PATH, clientManagePath } from '../../app/routes.ts';
import {
  explorerSitesByOwnerPath,
  useAllInternalUsers,
  useExplorerSitesByOwner,
  useRefreshAllExplorerLists,
} from './api.ts';
import { SiteDatesCell, SiteNameCell, SitesPager, SiteStatusCell, SitesTable } from './site-list.tsx';
import { TransferDialog, UserPicker } from './TransferDialog.tsx';
import './explorer-admin.css';

/** The site's client, by the name the site's answer carries. */
function ClientCell({ clientId, clientName }: { clientId: string; clientName: string | null }) {
  return (
    <td>
      <Link className="text-link" href={clientManagePath(clientId)}>
        {clientName ?? 'Client'}
      </Link>
    </td>
  );
}

/**
 * The Explorer sites one internal user owns, across clients (GET /api/explorer-pages/by-owner/{id}); the
 * signed-in user's own by default ("My sites"). The owner is in the address, so a list can be shared.
 */
export function ExplorerSitesByOwnerPage({ user }: { user: AuthenticatedUser }) {
  const [, navigate] = useLocation();
  const ownerId = new URLSearchParams(useSearch()).get('owner') || user.id;
  const isMine = ownerId === user.id;
  const [page, setPage] = useState(1);
  const { data: users, isLoading: isLoadingUsers } = useAllInternalUsers();
  const { data, error } = useExplorerSitesByOwner(ownerId, page);
  const refreshAll = useRefreshAllExplorerLists();
  const [isTransferring, setIsTransferring] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const owner = users?.find((u) => u.id === ownerId);
  const ownerName = isMine ? 'you' : owner ? `${owner.firstName} ${owner.lastName}` : 'this user';

  const showOwner = (id: string) => {
    if (!id) return;
    setPage(1);
    setNotice(null);
    navigate(explorerSitesByOwnerPath(id === user.id ? undefined : id));
  };

  return (
    <div className="page page--wide">
      <div className="page__header">
        <Link href={ADMIN_HOME_PATH} className="back-link">
          <span aria-hidden="true">←</span> Clients
        </Link>
        <div className="page__header--row">
          <Heading level={1}>
            {isMine ? 'My Benefits Explorer sites' : 'Benefits Explorer sites by owner'}
          </Heading>
          <div className="xa-actions">
            {!isMine && (
              <Button className="button button--secondary" onPress={() => showOwner(user.id)}>
                My sites
              </Button>
            )}
            {data && data.total > 0 && (
              <Button className="button button--secondary" onPress={() => setIsTransferring(true)}>
                Transfer these sites
              </Button>
            )}
          </div>
        </div>
      </div>

      <section className="card" aria-labelledby="owner-sites-title">
        <div className="xa-owner-filter">
          {/* Keyed by the loaded list, so the picker shows the owner's name once it is known. */}
          <UserPicker
            key={`${ownerId}-${users?.length ?? 0}`}
            label="Owner"
            users={users ?? []}
            value={ownerId}
            onChange={showOwner}
            isLoading={isLoadingUsers}
          />
        </div>
        <Heading level={2} id="owner-sites-title" className="card__title">
          {data ? `${data.total} site${data.total === 1 ? '' : 's'} owned by ${ownerName}` : 'Sites'}
        </Heading>
        {notice && (
          <Alert tone="success" testId="explorer-notice">
            {notice}
          </Alert>
        )}
        <SitesTable
          data={data}
          error={error}
          label={`Benefits Explorer sites owned by ${ownerName}`}
          empty="No Explorer sites."
          rowTestId="owner-site-row"
          columns={['Site', 'Client', 'Plan year', 'Dates', 'Status']}
          cells={(site) => (
            <>
              <SiteNameCell site={site} />
              <ClientCell clientId={site.clientId} clientName={site.clientName} />
              <td>{site.planYear}</td>
              <SiteDatesCell site={site} />
              <SiteStatusCell site={site} />
            </>
          )}
        />
        <SitesPager data={data} page={page} onPage={setPage} />
      </section>

      <ModalDialog title="Transfer ownership" isOpen={isTransferring} onOpenChange={setIsTransferring}>
        <TransferDialog
          owners={[ownerId]}
          onClose={() => setIsTransferring(false)}
          onDone={(count) => {
            setIsTransferring(false);
            setNotice(`${count} site${count === 1 ? '' : 's'} transferred.`);
            void refreshAll();
          }}
        />
      </ModalDialog>
    </div>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmDialog, ModalDialog } from '../../ui/Dialogs.tsx';
import { NoticeAlert, PageSkeleton } from '../../ui/Feedback.tsx';
import {
  createExplorerSitePath,
  deleteExplorerSite,
  explorerSitesByOwnerPath,
  useAllInternalUsers,
  useExplorerSites,
  useRefreshAllExplorerLists,
  useRefreshExplorerSites,
  type ExplorerSiteView,
} from './api.ts';
import {
  SiteDatesCell,
  SiteNameCell,
  SiteOwnerCell,
  SitesPager,
  SiteStatusCell,
  SitesTable,
} from './site-list.tsx';
// The transfer form loads when staff open it.
const TransferDialog = lazy(() =>
  import('./TransferDialog.tsx').then((m) => ({ default: m.TransferDialog })),
);
import { UpdateTracking } from './UpdateTracking.tsx';
import './explorer-admin.css';
import { useConfirmedAction } from '../../api/action.ts';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The client's Explorer sites on the client manage page (explorer §1: managed from the client area). */
export function ExplorerSitesSection({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const { data, error } = useExplorerSites(clientId, page);
  const refresh = useRefreshExplorerSites(clientId);
  const refreshAll = useRefreshAllExplorerLists();
  const { data: users } = useAllInternalUsers();
  const [isTransferring, setIsTransferring] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const owners = [...new Set((data?.items ?? []).map((s) => s.pageOwner))];

  const remove = useConfirmedAction(
    async (site: ExplorerSiteView) => {
      await deleteExplorerSite(clientId, site.id);
      setNotice({ tone: 'success', text: `${site.name} was deleted.` });
      void refresh();
    },
    { onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught) }) },
  );
  const { target: deleting, ask: setDeleting } = remove;

  return (
    <section className="card" aria-labelledby="explorer-sites-title">
      <SitesHeader
        clientId={clientId}
        canTransfer={owners.length > 0}
        onTransfer={() => setIsTransferring(true)}
      />
      <NoticeAlert notice={notice} testId="explorer-notice" />
      <SitesTable
        data={data}
        error={error}
        label="Benefits Explorer sites"
        empty="No Explorer sites yet."
        rowTestId="explorer-site-row"
        columns={['Site', 'Plan year', 'Owner', 'Dates', 'Status']}
        cells={(site) => (
          <>
            <SiteNameCell site={site} />
            <td>{site.planYear}</td>
            <SiteOwnerCell site={site} users={users} />
            <SiteDatesCell site={site} />
            <SiteStatusCell site={site} />
          </>
        )}
        actions={(site) => (
          <>
            <UpdateTracking clientId={clientId} explorerPageId={site.id} />
            <Button
              className="button button--danger button--small"
              aria-label={`Delete ${site.name}`}
              onPress={() => setDeleting(site)}
            >
              Delete
            </Button>
          </>
        )}
      />
      <SitesPager data={data} page={page} onPage={setPage} />
      <ConfirmDialog
        title="Delete Explorer site"
        isOpen={deleting !== null}
        isPending={remove.isPending}
        message={`Delete ${deleting?.name ?? 'this site'}? Its public page stops working and its vanity URL is freed.`}
        confirmLabel="Delete site"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove.confirm()}
      />
      <ModalDialog title="Transfer ownership" isOpen={isTransferring} onOpenChange={setIsTransferring}>
        <Suspense fallback={<PageSkeleton />}>
          <TransferDialog
            owners={owners}
            onClose={() => setIsTransferring(false)}
            onDone={(count) => {
              setIsTransferring(false);
              setNotice({ tone: 'success', text: `${count} site${count === 1 ? '' : 's'} transferred.` });
              void refreshAll();
            }}
          />
        </Suspense>
      </ModalDialog>
    </section>
  );
}

function SitesHeader({
  clientId,
  canTransfer,
  onTransfer,
}: {
  clientId: string;
  canTransfer: boolean;
  onTransfer: () => void;
}) {
  return (
    <div className="card__header">
      <Heading level={2} id="explorer-sites-title" className="card__title">
        Benefits Explorer sites
      </Heading>
      <div className="xa-actions">
        {canTransfer && (
          <Button className="button button--secondary" onPress={onTransfer}>
            Transfer ownership
          </Button>
        )}
        <Link className="button button--secondary" href={explorerSitesByOwnerPath()}>
          My sites
        </Link>
        <Link className="button button--primary" href={createExplorerSitePath(clientId)}>
          New site
        </Link>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { Button, Heading, Link } from 'react-aria-components';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { useUserPage } from '../../api/users.ts';
import { ConfirmDialog, ModalDialog } from '../../components/Dialogs.tsx';
import { Alert, ErrorPanel, PageSkeleton } from '../../components/Feedback.tsx';
import {
  createExplorerSitePath,
  deleteExplorerSite,
  editExplorerSitePath,
  EXPLORER_LIST_PAGE_SIZE,
  publicExplorerPath,
  renewExplorerSitePath,
  transferExplorerOwnership,
  useExplorerSites,
  useRefreshExplorerSites,
  type ExplorerSiteView,
} from './api.ts';
import { SelectInput } from './controls.tsx';
import { explorerSupportPath } from './support-api.ts';
import { UpdateTracking } from './UpdateTracking.tsx';

type Notice = { tone: 'success' | 'error'; text: string } | null;
const messageOf = (caught: unknown) => (caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }) : '—';

function TransferDialog({
  owners,
  onClose,
  onDone,
}: {
  owners: string[];
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const { data: users } = useUserPage('internal', {
    page: 1,
    search: '',
    sortBy: 'lastName',
    sortDirection: 'asc',
  });
  const [from, setFrom] = useState(owners[0] ?? '');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const nameOf = (id: string) => {
    const user = users?.items.find((u) => u.id === id);
    return user ? `${user.firstName} ${user.lastName} (${user.email})` : id;
  };

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!from) found.from = 'Please select the current owner.'; // chosen
    if (!to)
      found.to = 'Please select the new owner.'; // chosen
    else if (to === from) found.to = 'The new owner must be someone else.'; // chosen
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsPending(true);
    setFailure(null);
    try {
      const answer = await transferExplorerOwnership(from, to);
      onDone(answer.transferred.length);
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? caught.fieldErrors : {};
      if (fieldErrors['params.newOwnerId']) setErrors({ to: fieldErrors['params.newOwnerId'] });
      else setFailure(messageOf(caught));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <>
      <p className="muted">
        Every Explorer site of the current owner, for all clients, moves to the new owner.
      </p>
      <div className="form--stack">
        <SelectInput
          label="Current owner"
          value={from}
          options={owners.map((id) => ({ value: id, label: nameOf(id) }))}
          onChange={setFrom}
          error={errors.from}
          isRequired
        />
        <SelectInput
          label="New owner"
          value={to}
          options={(users?.items ?? []).map((u) => ({ value: u.id, label: nameOf(u.id) }))}
          onChange={setTo}
          error={errors.to}
          isRequired
        />
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="dialog__actions">
        <Button className="button button--secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button className="button button--primary" onPress={() => void submit()} isPending={isPending}>
          Transfer
        </Button>
      </div>
    </>
  );
}

/** The client's Explorer sites on the client manage page (explorer §1: managed from the client area). */
export function ExplorerSitesSection({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const { data, error } = useExplorerSites(clientId, page);
  const refresh = useRefreshExplorerSites(clientId);
  const [deleting, setDeleting] = useState<ExplorerSiteView | null>(null);
  const [isDeletePending, setIsDeletePending] = useState(false);
  const [isTransferring, setIsTransferring] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / EXPLORER_LIST_PAGE_SIZE)) : 1;
  const owners = [...new Set((data?.items ?? []).map((s) => s.pageOwner))];

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeletePending(true);
    try {
      await deleteExplorerSite(clientId, deleting.id);
      setNotice({ tone: 'success', text: `${deleting.name} was deleted.` });
      void refresh();
    } catch (caught) {
      setNotice({ tone: 'error', text: messageOf(caught) });
    } finally {
      setIsDeletePending(false);
      setDeleting(null);
    }
  };

  return (
    <section className="card" aria-labelledby="explorer-sites-title">
      <div className="card__header">
        <Heading level={2} id="explorer-sites-title" className="card__title">
          Benefits Explorer sites
        </Heading>
        <div className="xa-actions">
          {owners.length > 0 && (
            <Button className="button button--secondary" onPress={() => setIsTransferring(true)}>
              Transfer ownership
            </Button>
          )}
          <Link className="button button--primary" href={createExplorerSitePath(clientId)}>
            New site
          </Link>
        </div>
      </div>
      {notice && (
        <Alert tone={notice.tone} testId="explorer-notice">
          {notice.text}
        </Alert>
      )}
      {error && !data && <ErrorPanel error={error} />}
      {!data && !error && <PageSkeleton />}
      {data && data.items.length === 0 && <p className="muted">No Explorer sites yet.</p>}
      {data && data.items.length > 0 && (
        <table className="table xa-table" aria-label="Benefits Explorer sites">
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Plan year</th>
              <th scope="col">Dates</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((site) => (
              <tr key={site.id} className="table__row" data-testid="explorer-site-row">
                <td>
                  <Link
                    className="text-link"
                    href={publicExplorerPath(site.vanitySlug ?? site.id)}
                    target="_blank"
                  >
                    {site.name}
                  </Link>
                  <div className="muted">{site.benefits.length} plans</div>
                </td>
                <td>{site.planYear}</td>
                <td>
                  {site.startsAt || site.expiresAt
                    ? `${day(site.startsAt)} – ${day(site.expiresAt)}`
                    : 'No dates set'}
                </td>
                <td>
                  <span className={`status-pill status-pill--${site.isLive ? 'success' : 'info'}`}>
                    {site.isLive ? 'Live' : 'Not live'}
                  </span>
                  {site.newExplorerPageId && <div className="muted">Renewed</div>}
                </td>
                <td>
                  <div className="button-row">
                    <Link
                      className="button button--secondary button--small"
                      href={editExplorerSitePath(clientId, site.id)}
                      aria-label={`Edit ${site.name}`}
                    >
                      Edit
                    </Link>
                    {!site.newExplorerPageId && (
                      <Link
                        className="button button--secondary button--small"
                        href={renewExplorerSitePath(clientId, site.id)}
                        aria-label={`Renew ${site.name}`}
                      >
                        Renew
                      </Link>
                    )}
                    <Link
                      className="button button--secondary button--small"
                      href={explorerSupportPath(clientId, site.id)}
                      aria-label={`Support conversations of ${site.name}`}
                    >
                      Support
                    </Link>
                    <UpdateTracking clientId={clientId} explorerPageId={site.id} />
                    <Button
                      className="button button--danger button--small"
                      aria-label={`Delete ${site.name}`}
                      onPress={() => setDeleting(site)}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <div className="pager">
          <Button
            className="button button--secondary button--small"
            isDisabled={page <= 1}
            onPress={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            className="button button--secondary button--small"
            isDisabled={page >= pages}
            onPress={() => setPage(page + 1)}
          >
            Next
          </Button>
        </div>
      )}
      <ConfirmDialog
        title="Delete Explorer site"
        isOpen={deleting !== null}
        isPending={isDeletePending}
        message={`Delete ${deleting?.name ?? 'this site'}? Its public page stops working and its vanity URL is freed.`}
        confirmLabel="Delete site"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
      <ModalDialog title="Transfer ownership" isOpen={isTransferring} onOpenChange={setIsTransferring}>
        <TransferDialog
          owners={owners}
          onClose={() => setIsTransferring(false)}
          onDone={(count) => {
            setIsTransferring(false);
            setNotice({ tone: 'success', text: `${count} site${count === 1 ? '' : 's'} transferred.` });
            void refresh();
          }}
        />
      </ModalDialog>
    </section>
  );
}

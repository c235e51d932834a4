import type { ReactNode } from 'react';
import { TableHead } from '../../ui/TableHead.tsx';
import { Link } from '../../ui/controls.ts';
import { Pager } from '../../ui/Pager.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import type { UserListItem } from '../users/api.ts';
import {
  editExplorerSitePath,
  explorerSitesByOwnerPath,
  EXPLORER_LIST_PAGE_SIZE,
  publicExplorerPath,
  renewExplorerSitePath,
  type ExplorerSitePage,
  type ExplorerSiteView,
} from './api.ts';
import { explorerSupportPath } from './support-api.ts';

/** The pieces both lists of sites show: by client (manage page) and by owner. */
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }) : '—';

export function SiteNameCell({ site }: { site: ExplorerSiteView }) {
  return (
    <td>
      <Link className="text-link" href={publicExplorerPath(site.vanitySlug ?? site.id)} target="_blank">
        {site.name}
      </Link>
      <div className="muted">{site.benefits.length} plans</div>
    </td>
  );
}

export function SiteDatesCell({ site }: { site: ExplorerSiteView }) {
  return (
    <td>
      {site.startsAt || site.expiresAt ? `${day(site.startsAt)} – ${day(site.expiresAt)}` : 'No dates set'}
    </td>
  );
}

export function SiteStatusCell({ site }: { site: ExplorerSiteView }) {
  return (
    <td>
      <span className={`status-pill status-pill--${site.isLive ? 'success' : 'info'}`}>
        {site.isLive ? 'Live' : 'Not live'}
      </span>
      {site.newExplorerPageId && <div className="muted">Renewed</div>}
    </td>
  );
}

/** The owner's name, linking to every site they own. */
export function SiteOwnerCell({
  site,
  users,
}: {
  site: ExplorerSiteView;
  users: readonly UserListItem[] | undefined;
}) {
  const owner = users?.find((u) => u.id === site.pageOwner);
  // The user list may not show everyone (an admin does not see owners): the last editor may be the owner.
  const editor = site.updatedBy.userId === site.pageOwner ? site.updatedBy : null;
  const name = owner
    ? `${owner.firstName} ${owner.lastName}`
    : editor?.firstName
      ? `${editor.firstName} ${editor.lastName ?? ''}`.trim()
      : 'Another staff member'; // chosen
  return (
    <td>
      <Link
        className="text-link"
        href={explorerSitesByOwnerPath(site.pageOwner)}
        aria-label={`Sites owned by ${name}`}
      >
        {name}
      </Link>
    </td>
  );
}

export function SitesPager({
  data,
  page,
  onPage,
}: {
  data: ExplorerSitePage | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = data ? Math.max(1, Math.ceil(data.total / EXPLORER_LIST_PAGE_SIZE)) : 1;
  if (pages <= 1) return null;
  return <Pager page={page} pageCount={pages} onPage={onPage} />;
}

/**
 * A page of sites as a table (its skeleton or error while it loads): `columns` names the columns before
 * the actions, `cells` gives a site's cells for them, `actions` what its actions column adds to the links.
 */
export function SitesTable({
  data,
  error,
  label,
  empty,
  rowTestId,
  columns,
  cells,
  actions,
}: {
  data: ExplorerSitePage | undefined;
  error: unknown;
  label: string;
  empty: string;
  rowTestId: string;
  columns: readonly string[];
  cells: (site: ExplorerSiteView) => ReactNode;
  actions?: (site: ExplorerSiteView) => ReactNode;
}) {
  return (
    <QueryState data={data} error={error}>
      {({ items }) =>
        items.length === 0 ? (
          <p className="muted">{empty}</p>
        ) : (
          <table className="table xa-table" aria-label={label}>
            <TableHead columns={[...columns, 'Actions']} />
            <tbody>
              {items.map((site) => (
                <tr key={site.id} className="table__row" data-testid={rowTestId}>
                  {cells(site)}
                  <td>
                    <div className="button-row">
                      <SiteLinks site={site} />
                      {actions?.(site)}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </QueryState>
  );
}

/** A site's edit, renew (until it is renewed) and support links. */
function SiteLinks({ site }: { site: ExplorerSiteView }) {
  const link = (href: string, label: string, text: string) => (
    <Link className="button button--secondary button--small" href={href} aria-label={label}>
      {text}
    </Link>
  );
  return (
    <>
      {link(editExplorerSitePath(site.clientId, site.id), `Edit ${site.name}`, 'Edit')}
      {!site.newExplorerPageId &&
        link(renewExplorerSitePath(site.clientId, site.id), `Renew ${site.name}`, 'Renew')}
      {link(explorerSupportPath(site.clientId, site.id), `Support conversations of ${site.name}`, 'Support')}
    </>
  );
}

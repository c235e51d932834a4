import { Button, Link } from '../../ui/controls.ts';
import type { UserListItem } from '../users/api.ts';
import {
  explorerSitesByOwnerPath,
  EXPLORER_LIST_PAGE_SIZE,
  publicExplorerPath,
  type ExplorerSitePage,
  type ExplorerSiteView,
} from './api.ts';

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
  return (
    <div className="pager">
      <Button
        className="button button--secondary button--small"
        isDisabled={page <= 1}
        onPress={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button
        className="button button--secondary button--small"
        isDisabled={page >= pages}
        onPress={() => onPage(page + 1)}
      >
        Next
      </Button>
    </div>
  );
}

import { Button } from 'react-aria-components';

/**
 * Previous / next paging for the lists (page size is the list's own; the spec's client list uses 25); the
 * count of items where `total` and its `noun` are given.
 */
export function Pager(props: {
  page: number;
  pageCount: number;
  total?: number;
  noun?: [singular: string, plural: string];
  onPage: (page: number) => void;
}) {
  const { page, pageCount, total, noun, onPage } = props;
  return (
    <nav className="pager" aria-label="Pages">
      <Button
        className="button button--small button--secondary"
        isDisabled={page <= 1}
        onPress={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <span className="muted">
        Page {page} of {pageCount}
        {total !== undefined && noun && ` · ${total} ${total === 1 ? noun[0] : noun[1]}`}
      </span>
      <Button
        className="button button--small button--secondary"
        isDisabled={page >= pageCount}
        onPress={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

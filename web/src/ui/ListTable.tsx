import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Pager } from './Pager.tsx';

/** A list's order as the list APIs take it. */
export type ListSort<Key extends string> = { sortBy: Key; sortDirection: 'asc' | 'desc' };

/** One column: its id (the sort key when it sorts), its heading, and whether it sorts. */
export type ListColumn = { id: string; label: ReactNode; isSortable?: boolean };

/**
 * The list pages' table (e-mails, users, clients): a heading row whose sortable columns sort the list,
 * the first column naming each row, a line when there is nothing to show, and the pager under it.
 * `cells` gives a row's cells in the order of `columns`.
 */
export function ListTable<Item, Key extends string>({
  label,
  className,
  testId,
  columns,
  items,
  rowId,
  rowTestId,
  cells,
  empty,
  sort,
  onSort,
  paging,
}: {
  label: string;
  className?: string;
  testId?: string;
  columns: readonly ListColumn[];
  items: readonly Item[];
  rowId: (item: Item) => string;
  rowTestId?: string;
  cells: (item: Item) => ReactNode[];
  empty: ReactNode;
  sort: ListSort<Key>;
  onSort: (sort: ListSort<Key>) => void;
  paging: Parameters<typeof Pager>[0];
}) {
  return (
    <>
      <Table
        aria-label={label}
        className={`table ${className ?? ''}`}
        data-testid={testId}
        sortDescriptor={{
          column: sort.sortBy,
          direction: sort.sortDirection === 'asc' ? 'ascending' : 'descending',
        }}
        onSortChange={(next) =>
          onSort({
            sortBy: String(next.column) as Key,
            sortDirection: next.direction === 'ascending' ? 'asc' : 'desc',
          })
        }
      >
        <TableHeader>
          {columns.map((column, i) => (
            <Column key={column.id} id={column.id} isRowHeader={i === 0} allowsSorting={column.isSortable}>
              {column.label}
            </Column>
          ))}
        </TableHeader>
        <TableBody
          items={items.map((item) => ({ id: rowId(item), item }))}
          renderEmptyState={() => <p className="muted table__empty">{empty}</p>}
        >
          {({ id, item }) => (
            <Row id={id} className="table__row" data-testid={rowTestId}>
              {cells(item).map((cell, i) => (
                <Cell key={columns[i]!.id}>{cell}</Cell>
              ))}
            </Row>
          )}
        </TableBody>
      </Table>
      <Pager {...paging} />
    </>
  );
}

/**
 * A list page's order and paging wired to its query, to spread on ListTable: sorting goes back to the
 * first page; `pageSize` is the list's own.
 */
export function listControls<Key extends string, Query extends ListSort<Key> & { page: number }>(
  query: Query,
  setQuery: (query: Query) => void,
  { total, pageSize, noun }: { total: number; pageSize: number; noun: [singular: string, plural: string] },
) {
  return {
    sort: query,
    onSort: (order: ListSort<Key>) => setQuery({ ...query, ...order, page: 1 }),
    paging: {
      page: query.page,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
      total,
      noun,
      onPage: (page: number) => setQuery({ ...query, page }),
    },
  };
}

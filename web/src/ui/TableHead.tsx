import type { ReactNode } from 'react';

/** A plain table's heading row: one column heading each, in order. */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

import { useState } from 'react';
import { Button, Heading } from '../../ui/controls.ts';
import { readKey, useRead, type Read } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { Alert, ErrorPanel } from '../../ui/Feedback.tsx';
import { formatWhen } from '../../ui/format.ts';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { useAction } from '../../api/action.ts';
import './access-log.css';

const ALL = '';

/** A filter's options: every one (`allLabel`) first, then each client or person by name. */
const filterOptions = (allLabel: string, named: readonly { id: string; name: string }[] = []) => [
  { value: ALL, label: allLabel },
  ...named.map((n) => ({ value: n.id, label: n.name })),
];

type AccessLogEntry = Read<'/api/personal-data-access'>['entries'][number];

/** The looks at personal data, newest first, or why there are none. */
function AccessLogTable({ entries, isFiltered }: { entries: AccessLogEntry[]; isFiltered: boolean }) {
  return (
    <table className="table access-log__table" data-testid="access-log">
      <caption className="visually-hidden">Looks at personal data, newest first</caption>
      <TableHead columns={['When', 'Client', 'Person', 'What happened', 'What', 'Reason']} />
      <tbody>
        {entries.length === 0 ? (
          <tr>
            <td colSpan={6} className="muted">
              Nobody looked at personal data{isFiltered ? ' that matches these filters' : ' yet'}.
            </td>
          </tr>
        ) : (
          entries.map((entry) => (
            <tr key={entry.id} data-testid="access-log-entry">
              <td>{formatWhen(entry.at)}</td>
              <td>{entry.clientName}</td>
              <td>{entry.person}</td>
              <td>{entry.kindLabel}</td>
              <td>{entry.what}</td>
              <td>{entry.reason}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * Who looked at personal data (carrier owners): every reveal of a masked field and every unmasked
 * download, newest first, with who, which client, what, when and why; filtered by client, person and
 * days, and exported as CSV with the same filters.
 */
export function AccessLogPage() {
  const [clientId, setClientId] = useState(ALL);
  const [userId, setUserId] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Only the filters chosen: an empty one is left out of the query.
  const filters = { clientId, userId, from, to };
  const isFiltered = Object.values(filters).some((value) => value !== '');
  const { data, error } = useRead('/api/personal-data-access', {}, filters, { keepPreviousData: true });
  const [exportError, setExportError] = useState<unknown>(null);
  const exporting = useAction(downloadFile, { onError: setExportError });

  return (
    <section className="page access-log" aria-labelledby="access-log-title">
      <Heading level={1} id="access-log-title">
        Personal data access log
      </Heading>
      <p className="muted">
        Every time someone revealed an employee’s SSN, date of birth or salary, or downloaded a file with them
        unmasked: who, when and why.
      </p>
      <div className="access-log__filters">
        <SelectInput
          label="Client"
          value={clientId}
          options={filterOptions('All clients', data?.clients)}
          onChange={setClientId}
        />
        <SelectInput
          label="Person"
          value={userId}
          options={filterOptions('Everyone', data?.people)}
          onChange={setUserId}
        />
        <TextInput label="From" type="date" value={from} onChange={setFrom} />
        <TextInput label="To" type="date" value={to} onChange={setTo} />
        <Button
          className="button button--secondary access-log__export"
          isPending={exporting.isPending}
          onPress={() => {
            setExportError(null);
            void exporting.run(readKey('/api/personal-data-access/export', {}, filters));
          }}
        >
          Export CSV
        </Button>
      </div>
      {exportError ? <ErrorPanel error={exportError} /> : null}
      <QueryState data={data} error={error} staleError="above">
        {(data) => (
          <>
            {data.truncated && (
              <Alert tone="info">
                The newest {data.entries.length.toLocaleString('en-US')} are listed: narrow the filters, or
                export them all as CSV.
              </Alert>
            )}
            <AccessLogTable entries={data.entries} isFiltered={isFiltered} />
          </>
        )}
      </QueryState>
    </section>
  );
}

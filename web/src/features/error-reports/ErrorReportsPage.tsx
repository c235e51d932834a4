import { Button } from '../../ui/controls.ts';
import { TableHead } from '../../ui/TableHead.tsx';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { useErrorReports } from './api.ts';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The errors kept here when no error-reporting service is configured (our design: staff read them at
 * /error-reports/admin), newest first: what happened, how bad, where, in which release and when.
 */
export function ErrorReportsPage() {
  const { data, error, isLoading, mutate } = useErrorReports();
  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>Error reports</h1>
        <Button className="button button--secondary" onPress={() => void mutate()}>
          Refresh
        </Button>
      </div>
      <p>
        Errors from the browser and the server, newest first. They are kept here while no error-reporting
        service is configured.
      </p>
      {error ? (
        <ErrorPanel error={error} />
      ) : isLoading || !data ? (
        <PageSkeleton />
      ) : data.length === 0 ? (
        <p data-testid="error-reports-empty">No errors have been reported.</p>
      ) : (
        <table className="table" data-testid="error-reports">
          <TableHead columns={['When', 'Level', 'Message', 'Where', 'Address', 'Release']} />
          <tbody>
            {data.map((report) => (
              <tr key={report.reportId} data-testid="error-report">
                <td>{formatTime(report.occurredAt)}</td>
                <td>{report.levelLabel}</td>
                <td className="error-report__message">{report.message}</td>
                <td>{report.sourceLabel}</td>
                <td>{report.url ?? 'Not known'}</td>
                <td>{report.release ?? 'Not known'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

import { useRead } from '../../api/client.ts';
import { TableHead } from '../../ui/TableHead.tsx';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';

/**
 * Staff's view of the analytics events kept in the portal's own table (no Segment write key configured):
 * how many of each event arrived per day over the last 30 days, a day to a row, an event to a column.
 */
export function AnalyticsAdminPage() {
  const { data, error, isLoading } = useRead('/api/analytics/counts', {}, { days: 30 });
  if (isLoading) return <PageSkeleton />;
  if (error || !data) return <ErrorPanel error={error} />;
  const events = [...new Set(data.rows.map((r) => r.event))].sort();
  const days = [...new Set(data.rows.map((r) => r.day))];
  const count = (day: string, event: string) =>
    data.rows.find((r) => r.day === day && r.event === event)?.count ?? 0;
  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>Analytics</h1>
        <p className="muted">Events recorded per day over the last {data.days} days (UTC).</p>
      </div>
      {days.length === 0 ? (
        <p className="muted" data-testid="analytics-empty">
          No events recorded yet.
        </p>
      ) : (
        <table className="table" data-testid="analytics-counts">
          <TableHead columns={['Day', ...events]} />
          <tbody>
            {days.map((day) => (
              <tr key={day} className="table__row">
                <th scope="row">{day}</th>
                {events.map((event) => (
                  <td key={event} data-event={event} data-day={day}>
                    {count(day, event)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

import { useMemo, useState, type ReactNode } from 'react';
import { Button, Link } from '../../ui/controls.ts';
import { CENSUS_FIELD_LABELS, type CensusField } from '@onboard/domain/census';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { formatDate } from '../tasks/format.ts';
import {
  censusPagePath,
  useCensus,
  useCensusGrid,
  type CensusReport,
  type CensusResultProps,
} from './api.ts';
import { Counts, DownloadErrors, Progress } from './CensusPage.tsx';
import { ChangesAgainstPrevious } from './ChangeView.tsx';
import { CorrectionGrid } from './CorrectionGrid.tsx';
import { CensusRowConversations } from './CensusRowConversations.tsx';
import './census.css';

type Severity = 'ALL' | 'ERROR' | 'WARNING';

const ROWS_SHOWN = 40;
const rowsText = (rows: readonly number[], count: number) => {
  const shown = rows.slice(0, ROWS_SHOWN).join(', ');
  return rows.length > ROWS_SHOWN || count > rows.length ? `${shown}, …` : shown;
};

/**
 * The validation report of one census file (clear view, onboarding §2): counts by severity, the issues
 * grouped by rule with their row numbers, the issues filtered by severity, rule or row, the error
 * workbook, the rows with problems to correct in place, and the change view against the census submitted
 * before.
 */
export function CensusReportPage({
  clientId,
  policyId,
  documentId,
}: {
  clientId: string;
  policyId: string;
  documentId: string;
}) {
  const census = useCensus(clientId, policyId);
  // A validated file's rows with problems open the report: it shows once they are here, in one piece,
  // instead of its cards moving down as the rows arrive (both are read as the page opens, route-data.ts).
  const grid = useCensusGrid(clientId, policyId, documentId);
  if (census.error) return <ErrorPanel error={census.error} />;
  const result = census.data?.find((r) => r.document.documentId === documentId);
  const isGridLoading = result?.document.status === 'VALIDATED' && !grid.data && !grid.error;
  if (!census.data || isGridLoading) return <PageSkeleton />;
  return (
    <main className="census-report">
      <Link className="text-link" href={censusPagePath(clientId, policyId, 'validate-submit')}>
        ← Back to the census
      </Link>
      <h1>Census validation report</h1>
      {!result ? (
        <p>This census file is not one of this policy’s.</p>
      ) : (
        <Report clientId={clientId} policyId={policyId} result={result} results={census.data} />
      )}
    </main>
  );
}

function Report({ clientId, policyId, result, results }: CensusResultProps) {
  const report = result.domainValidations.report;
  const [discussed, setDiscussed] = useState<number | null>(null);
  return (
    <>
      <p className="muted">
        {result.document.fileName} · uploaded {formatDate(result.document.uploadedAt)}
        {result.submitted ? ' · submitted' : ''}
      </p>
      {result.document.status === 'VALIDATING' && <Progress result={result} />}
      {result.document.status === 'FAILED' && <p role="alert">{result.document.failure}</p>}
      {report && (
        <>
          <Counts result={result} />
          <div className="button-row">
            <DownloadErrors clientId={clientId} policyId={policyId} result={result} />
          </div>
          {result.document.status === 'VALIDATED' && (
            <CorrectionGrid
              clientId={clientId}
              policyId={policyId}
              result={result}
              isNewest={results[0]?.document.documentId === result.document.documentId}
            />
          )}
          <RuleGroups report={report} />
          {report.issues.length > 0 && <Issues report={report} onDiscuss={setDiscussed} />}
          <CensusRowConversations
            clientId={clientId}
            policyId={policyId}
            documentId={result.document.documentId}
            fileName={result.document.fileName}
            rows={report.rows}
            row={discussed}
            onRow={setDiscussed}
          />
          <ChangesAgainstPrevious
            clientId={clientId}
            policyId={policyId}
            result={result}
            results={results}
            isCard
          />
        </>
      )}
    </>
  );
}

const severityWord = (severity: string) => (severity === 'ERROR' ? 'Error' : 'Warning');

/** The issues grouped by rule, each with how many rows and which. */
function RuleGroups({ report }: { report: CensusReport }) {
  return (
    <section className="card" aria-labelledby="census-rules-title">
      <h2 id="census-rules-title" className="card__title">
        By rule
      </h2>
      {report.groups.length === 0 ? (
        <p data-testid="census-report-clean">No errors or warnings: every row passed every rule.</p>
      ) : (
        <ul className="census__groups" data-testid="census-groups">
          {report.groups.map((g) => (
            <li
              key={g.rule}
              className={g.severity === 'WARNING' ? 'census__group census__group--warning' : 'census__group'}
              data-testid="census-group"
            >
              <strong>{g.label}</strong> · {severityWord(g.severity)} · {g.count.toLocaleString('en-US')} ·{' '}
              {g.count === 1 ? 'row' : 'rows'} {rowsText(g.rows, g.count)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One filter of the issues: its label above its box. */
function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="census__filter">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** Every issue, filtered by severity, rule or row; each row's issue opens its conversation. */
function Issues({ report, onDiscuss }: { report: CensusReport; onDiscuss: (row: number) => void }) {
  const [severity, setSeverity] = useState<Severity>('ALL');
  const [rule, setRule] = useState('');
  const [row, setRow] = useState('');
  const issues = useMemo(
    () =>
      report.issues.filter(
        (i) =>
          (severity === 'ALL' || i.severity === severity) &&
          (rule === '' || i.rule === rule) &&
          (row.trim() === '' || String(i.row) === row.trim()),
      ),
    [report, severity, rule, row],
  );
  return (
    <section className="card" aria-labelledby="census-issues-title">
      <h2 id="census-issues-title" className="card__title">
        Every issue
      </h2>
      <div className="census__filters">
        <Filter id="census-filter-severity" label="Severity">
          <select
            id="census-filter-severity"
            className="field__input"
            value={severity}
            onChange={(e) => setSeverity(e.target.value as Severity)}
          >
            <option value="ALL">Errors and warnings</option>
            <option value="ERROR">Errors</option>
            <option value="WARNING">Warnings</option>
          </select>
        </Filter>
        <Filter id="census-filter-rule" label="Rule">
          <select
            id="census-filter-rule"
            className="field__input"
            value={rule}
            onChange={(e) => setRule(e.target.value)}
          >
            <option value="">Every rule</option>
            {report.groups.map((g) => (
              <option key={g.rule} value={g.rule}>
                {g.label}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="census-filter-row" label="Row">
          <input
            id="census-filter-row"
            className="field__input"
            inputMode="numeric"
            value={row}
            onChange={(e) => setRow(e.target.value)}
            placeholder="Any row"
          />
        </Filter>
      </div>
      <div className="census-grid__scroll" role="region" aria-labelledby="census-issues-title" tabIndex={0}>
        <table className="table" data-testid="census-issues">
          <TableHead
            columns={[
              'Row',
              'Column',
              'Problem',
              'Severity',
              <span className="visually-hidden">Conversation</span>,
            ]}
          />
          <tbody>
            {issues.map((i, index) => (
              <tr key={`${i.row}/${i.rule}/${index}`}>
                <td>{i.row}</td>
                <td>{i.field ? CENSUS_FIELD_LABELS[i.field as CensusField] : '—'}</td>
                <td>{i.message}</td>
                <td>{severityWord(i.severity)}</td>
                <td>
                  <Button
                    className="button button--link"
                    aria-label={`Discuss row ${i.row}`}
                    onPress={() => onDiscuss(i.row)}
                  >
                    Discuss
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {issues.length === 0 && <p>No issue matches these filters.</p>}
      {report.truncated && (
        <p className="muted">
          The first {report.issues.length.toLocaleString('en-US')} issues are listed; the error workbook has
          them all.
        </p>
      )}
    </section>
  );
}

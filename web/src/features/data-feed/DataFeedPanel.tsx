import { useState, type ChangeEvent } from 'react';
import { TableHead } from '../../ui/TableHead.tsx';
import { Button, Heading, Link } from '../../ui/controls.ts';
import {
  CLEAN_ROUNDS_FOR_PRODUCTION,
  RULE_SOURCE_LABELS,
  type DataFeedRuleSource,
} from '@onboard/domain/data-feed';
import { download } from '../../api/download.ts';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { messageOf } from '../clients/lifecycle-model.ts';
import { censusPagePath } from '../census/api.ts';
import { formatDate } from '../tasks/format.ts';
import {
  TEST_FILE_ACCEPT,
  DATA_FEED_FILE,
  useDataFeed,
  useDataFeedWrites,
  type DataFeed,
  type DataFeedRound,
} from './api.ts';
import '../census/census.css';
import './data-feed.css';

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The test data feed of the connect-service task: the platform's contact (or staff) uploads a test 834;
 * each is a round with its 999 in words, its problems against the signed EIF, the census and the
 * companion guide, and what was fixed and is new since the round before. After two clean rounds in a row
 * staff mark the feed ready for production; staff also download the submitted census as an 834.
 */
export function DataFeedPanel({ clientId, isStaff }: { clientId: string; isStaff: boolean }) {
  const feed = useDataFeed(clientId);
  if (feed.error) return <ErrorPanel error={feed.error} />;
  if (!feed.data) return <PageSkeleton />;
  return (
    <section className="card data-feed" aria-labelledby="data-feed-title">
      <Heading level={2} id="data-feed-title" className="card__title">
        Test data feed (834)
      </Heading>
      <p>
        Send us a test enrollment file (ANSI X12 834, 005010X220A1) from your benefits administration
        platform. We answer it with a 999 acknowledgment and check every member against your signed Employer
        Information Form, your submitted census and our companion guide. Fix what we find and send the next
        test file; after {CLEAN_ROUNDS_FOR_PRODUCTION} clean rounds in a row the feed can go to production.
      </p>
      <Status feed={feed.data} />
      <Upload clientId={clientId} />
      {isStaff && <StaffActions clientId={clientId} feed={feed.data} />}
      {feed.data.rounds.length === 0 ? (
        <p className="muted">No test file yet.</p>
      ) : (
        <ol className="data-feed__rounds" aria-label="Rounds, newest first">
          {feed.data.rounds.map((round, index) => (
            <li key={round.round}>
              <Round clientId={clientId} round={round} isOpen={index === 0} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Status({ feed }: { feed: DataFeed }) {
  if (feed.ready)
    return (
      <Alert tone="success" testId="data-feed-status">
        {`Ready for production since ${formatDate(feed.ready.at)} (round ${feed.ready.round}). Production support was told: ${feed.ready.notified.join(', ')}.`}
      </Alert>
    );
  if (feed.rounds.length === 0) return null;
  return (
    <p className="data-feed__status" data-testid="data-feed-status" role="status">
      {feed.canMarkReady
        ? `${CLEAN_ROUNDS_FOR_PRODUCTION} clean rounds in a row: staff can mark the feed ready for production.`
        : `${count(feed.cleanRoundsInARow, 'clean round')} in a row of the ${CLEAN_ROUNDS_FOR_PRODUCTION} needed for production.`}
    </p>
  );
}

function Upload({ clientId }: { clientId: string }) {
  const writes = useDataFeedWrites(clientId);
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      await writes.upload(file);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setUploading(false);
      input.value = '';
    }
  };
  return (
    <div className="data-feed__upload">
      <label className="data-feed__file">
        <span className="field__label">Test 834 file</span>
        <input
          type="file"
          className="file-input"
          accept={TEST_FILE_ACCEPT}
          onChange={(e) => void onFile(e)}
          disabled={isUploading}
          data-testid="data-feed-file"
        />
      </label>
      {isUploading && (
        <p role="status" className="muted">
          Reading and checking the file…
        </p>
      )}
      {error && (
        <Alert tone="error" testId="data-feed-upload-error">
          {error}
        </Alert>
      )}
    </div>
  );
}

function StaffActions({ clientId, feed }: { clientId: string; feed: DataFeed }) {
  const writes = useDataFeedWrites(clientId);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await write();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="data-feed__staff">
      <div className="button-row">
        {!feed.ready && (
          <Button
            className="button button--primary"
            isDisabled={!feed.canMarkReady || isBusy}
            onPress={() => void run(writes.markReady)}
          >
            Mark ready for production
          </Button>
        )}
        <Button
          className="button button--secondary"
          isDisabled={isBusy}
          onPress={() =>
            void run(async () => {
              const made = await writes.exportCensus();
              await download(DATA_FEED_FILE, { clientId, documentId: made.documentId });
            })
          }
        >
          Download the census as an 834
        </Button>
      </div>
      {!feed.ready && !feed.canMarkReady && (
        <p className="muted">
          Marking the feed ready needs {CLEAN_ROUNDS_FOR_PRODUCTION} clean rounds in a row.
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

function Round({ clientId, round, isOpen }: { clientId: string; round: DataFeedRound; isOpen: boolean }) {
  const { report, changes } = round;
  const [error, setError] = useState<string | null>(null);
  const summary = `Round ${round.round} · ${round.fileName} · ${formatDate(round.at)} · ${
    round.clean
      ? 'clean'
      : `${report.accepted ? '999 accepted' : '999 rejected'}, ${count(report.problems, 'problem')}`
  }`;
  return (
    <details className="data-feed__round" open={isOpen} data-testid="data-feed-round">
      <summary>
        <strong>{summary}</strong>
      </summary>
      {changes && (
        <p className="data-feed__changes" data-testid="data-feed-changes">
          Since round {round.round - 1}: {count(changes.fixed, 'problem')} fixed,{' '}
          {changes.new.toLocaleString('en-US')} new.
          {changes.fixedRules.length > 0 &&
            ` Fixed: ${changes.fixedRules.map((r) => `${r.label} (${r.count.toLocaleString('en-US')})`).join(', ')}.`}
        </p>
      )}
      <ul className="census__counts" aria-label="Counts">
        <li className={report.accepted ? 'census__count' : 'census__count census__count--error'}>
          <strong>{report.accepted ? 'Accepted' : 'Rejected'}</strong> 999 acknowledgment
        </li>
        <li className={report.problems > 0 ? 'census__count census__count--error' : 'census__count'}>
          <strong>{report.problems.toLocaleString('en-US')}</strong>{' '}
          {report.problems === 1 ? 'problem' : 'problems'}
        </li>
        <li className="census__count">
          <strong>{report.members.subscribers.toLocaleString('en-US')}</strong>{' '}
          {report.members.subscribers === 1 ? 'subscriber' : 'subscribers'}
        </li>
        <li className="census__count">
          <strong>{report.members.dependants.toLocaleString('en-US')}</strong>{' '}
          {report.members.dependants === 1 ? 'dependant' : 'dependants'}
        </li>
      </ul>
      {(!report.checked.eif || !report.checked.census) && (
        <p className="muted">
          {!report.checked.eif && 'The EIF is not signed yet, so the plan-design checks were left out. '}
          {!report.checked.census && 'No census is submitted yet, so the census checks were left out.'}
        </p>
      )}
      <h3 className="data-feed__subtitle">999 acknowledgment</h3>
      <ul className="data-feed__ack" data-testid="data-feed-ack">
        {report.acknowledgmentInWords.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      <div className="button-row">
        <Button
          className="button button--secondary"
          onPress={() =>
            void download(DATA_FEED_FILE, { clientId, documentId: round.acknowledgmentDocumentId }).catch(
              (caught) => setError(messageOf(caught)),
            )
          }
        >
          Download the 999 of round {round.round}
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {report.groups.length > 0 && (
        <>
          <h3 className="data-feed__subtitle">By rule</h3>
          <ul className="census__groups" data-testid="data-feed-groups">
            {report.groups.map((g) => (
              <li key={g.rule} className="census__group">
                <strong>{g.label}</strong> · {RULE_SOURCE_LABELS[g.source as DataFeedRuleSource] ?? g.source}{' '}
                · {g.count.toLocaleString('en-US')}
              </li>
            ))}
          </ul>
          <h3 className="data-feed__subtitle">Every problem</h3>
          <div className="data-feed__table">
            <table className="table" data-testid="data-feed-issues">
              <TableHead columns={['Member', 'Problem', 'Census', 'In the file']} />
              <tbody>
                {report.issues.map((issue, i) => (
                  <tr key={`${issue.key}/${i}`}>
                    <td>{issue.member ?? '—'}</td>
                    <td>{issue.message}</td>
                    <td>
                      {issue.censusRow ? (
                        <Link
                          className="text-link"
                          href={censusPagePath(clientId, issue.censusRow.policyId, 'validations')}
                        >
                          Row {issue.censusRow.row}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {issue.at ? `Transaction ${issue.at.transaction}, segment ${issue.at.position}` : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.truncated && (
            <p className="muted">
              The first {report.issues.length.toLocaleString('en-US')} problems are listed.
            </p>
          )}
        </>
      )}
    </details>
  );
}

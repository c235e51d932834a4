import { useState, type ChangeEvent } from 'react';
import { Button, Link } from '../../ui/controls.ts';
import { useLocation } from 'wouter';
import {
  CENSUS_MESSAGES,
  CENSUS_FIELDS,
  CENSUS_FIELD_LABELS,
  CENSUS_SOURCES,
  CENSUS_SOURCE_LABELS,
  REQUIRED_COLUMNS,
  type CensusField,
  type CensusSource,
} from '@onboard/domain/census';
import { policyLabel } from '@onboard/domain/web';
import { download, downloadFor } from '../../api/download.ts';
import { useClient } from '../../api/hooks.ts';
import { clientHubPath } from '../../app/routes.ts';
import { ConfirmDialog } from '../../ui/Dialogs.tsx';
import { Alert, ErrorPanel } from '../../ui/Feedback.tsx';
import { InlineRename } from '../documents/InlineRename.tsx';
import { formatDate } from '../tasks/format.ts';
import { TaskLayout } from '../tasks/TaskLayout.tsx';
import {
  CENSUS_FILE,
  CENSUS_STEPS,
  STATUS_WORDS,
  UPLOAD_ACCEPT,
  censusPagePath,
  censusReportPath,
  plural,
  uploadCensusFile,
  useCensus,
  useCensusWrites,
  type CensusResult,
  type CensusStepId,
} from './api.ts';
import { ChangeView } from './ChangeView.tsx';
import { ReasonDialog, downloadUnmaskedCensusFile, useMayReveal } from './PersonalData.tsx';
import { ReadingPanel, matchWords } from './ReadingPanel.tsx';
import './census.css';

type Props = { clientId: string; policyId: string; step: CensusStepId | 'validations' };

const messageOf = (caught: unknown) =>
  caught instanceof Error && caught.message ? caught.message : 'Something went wrong. Please try again.';

/**
 * The census of one policy (onboarding §7), the enrollment elections task's work: upload a CSV or XLSX,
 * confirm its columns and say where it comes from, follow the validation, fix and upload again, submit.
 * `validations` lists every file uploaded for the policy.
 */
export function CensusPage({ clientId, policyId, step }: Props) {
  const client = useClient(clientId);
  const census = useCensus(clientId, policyId);
  const policy = client.data?.policies.find((p) => p.id === policyId);
  const title = 'Enrollment elections';
  const nav = (
    <nav aria-label="Steps">
      <p className="task-aside__heading">Census</p>
      <ol className="step-list">
        {CENSUS_STEPS.map((s) => (
          <li
            key={s.id}
            className={s.id === step ? 'step step--current' : 'step'}
            aria-current={s.id === step ? 'step' : undefined}
          >
            <Link className="text-link" href={censusPagePath(clientId, policyId, s.id)}>
              {s.label}
            </Link>
          </li>
        ))}
        <li className={step === 'validations' ? 'step step--current' : 'step'}>
          <Link className="text-link" href={censusPagePath(clientId, policyId, 'validations')}>
            Every file
          </Link>
        </li>
      </ol>
    </nav>
  );
  return (
    <TaskLayout
      title={title}
      subtitle={policy ? policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] }) : undefined}
      nav={nav}
      backHref={clientHubPath(clientId)}
      isLoading={!census.data && !census.error}
    >
      {census.error ? (
        <ErrorPanel error={census.error} />
      ) : (
        census.data && (
          <StepContent clientId={clientId} policyId={policyId} step={step} results={census.data} />
        )
      )}
    </TaskLayout>
  );
}

function StepContent({ clientId, policyId, step, results }: Props & { results: CensusResult[] }) {
  switch (step) {
    case 'upload-files':
      return <UploadStep clientId={clientId} policyId={policyId} />;
    case 'indicate-source': {
      const pending = results.find((r) => r.document.status === 'UPLOADED');
      return pending ? (
        <SourceStep
          key={`${pending.document.documentId}:${JSON.stringify(pending.document.reading)}`}
          clientId={clientId}
          policyId={policyId}
          result={pending}
        />
      ) : (
        <NothingYet
          clientId={clientId}
          policyId={policyId}
          words="No uploaded file is waiting for its columns."
        />
      );
    }
    case 'validate-submit': {
      const latest = results.find((r) => r.document.status !== 'UPLOADED');
      return latest ? (
        <ValidateStep clientId={clientId} policyId={policyId} result={latest} results={results} />
      ) : (
        <NothingYet clientId={clientId} policyId={policyId} words="No census has been validated yet." />
      );
    }
    case 'validations':
      return <FileList clientId={clientId} policyId={policyId} results={results} />;
  }
}

function NothingYet({ clientId, policyId, words }: { clientId: string; policyId: string; words: string }) {
  return (
    <section className="card census">
      <p>{words}</p>
      <Link className="button button--primary" href={censusPagePath(clientId, policyId, 'upload-files')}>
        Upload a census
      </Link>
    </section>
  );
}

function UploadStep({ clientId, policyId }: { clientId: string; policyId: string }) {
  const [, navigate] = useLocation();
  const writes = useCensusWrites(clientId, policyId);
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      await uploadCensusFile(clientId, policyId, file);
      await writes.refresh();
      navigate(censusPagePath(clientId, policyId, 'indicate-source'));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setUploading(false);
    }
  };
  return (
    <section className="card census" aria-labelledby="census-upload-title">
      <h2 id="census-upload-title" className="card__title">
        Upload your census
      </h2>
      <p>
        One row per person: each employee, and each covered dependent on a row of its own under the employee’s
        ID. A CSV or an Excel workbook (XLSX); the first row names the columns. A file you fixed from the
        error workbook is uploaded as it is.
      </p>
      <p className="muted">
        Columns every census needs: {REQUIRED_COLUMNS.map((f) => CENSUS_FIELD_LABELS[f]).join(', ')}.
        Optional:{' '}
        {CENSUS_FIELDS.filter((f) => !REQUIRED_COLUMNS.includes(f))
          .map((f) => CENSUS_FIELD_LABELS[f])
          .join(', ')}
        .
      </p>
      <label className="census__file">
        <span className="field__label">Census file (CSV, tab-delimited text or XLSX)</span>
        <input
          type="file"
          className="file-input"
          accept={UPLOAD_ACCEPT}
          onChange={(e) => void onFile(e)}
          disabled={isUploading}
        />
      </label>
      {isUploading && (
        <p role="status" className="muted">
          Uploading and reading the file…
        </p>
      )}
      {error && (
        <Alert tone="error" testId="census-upload-error">
          {error}
        </Alert>
      )}
    </section>
  );
}

function SourceStep({
  clientId,
  policyId,
  result,
}: {
  clientId: string;
  policyId: string;
  result: CensusResult;
}) {
  const [, navigate] = useLocation();
  const writes = useCensusWrites(clientId, policyId);
  const { document } = result;
  const [mapping, setMapping] = useState<Partial<Record<CensusField, number>>>(
    document.mapping as Partial<Record<CensusField, number>>,
  );
  const [source, setSource] = useState<CensusSource | null>(document.source);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const onConfirm = async () => {
    if (!source) {
      setError('Choose where the census comes from');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await writes.confirm({ documentId: document.documentId, mapping, source });
      navigate(censusPagePath(clientId, policyId, 'validate-submit'));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card census" aria-labelledby="census-source-title">
      <h2 id="census-source-title" className="card__title">
        Confirm the columns of {document.fileName}
      </h2>
      <p>
        We matched the file’s columns to the census by their headers. Check each one, then say where it comes
        from.
      </p>
      <ReadingPanel clientId={clientId} policyId={policyId} document={document} />
      <div className="census__mapping-scroll">
        <table className="table census__mapping" data-testid="census-mapping">
          <thead>
            <tr>
              <th scope="col">Census field</th>
              <th scope="col">Column in your file</th>
              <th scope="col">Match</th>
            </tr>
          </thead>
          <tbody>
            {CENSUS_FIELDS.map((field) => {
              const id = `census-map-${field}`;
              return (
                <tr key={field}>
                  <td>
                    <label htmlFor={id}>
                      {CENSUS_FIELD_LABELS[field]}
                      {REQUIRED_COLUMNS.includes(field) ? ' (required)' : ''}
                    </label>
                  </td>
                  <td>
                    <select
                      id={id}
                      className="field__input"
                      value={mapping[field] ?? ''}
                      onChange={(e) =>
                        setMapping((m) => {
                          const next = { ...m };
                          if (e.target.value === '') delete next[field];
                          else next[field] = Number(e.target.value);
                          return next;
                        })
                      }
                    >
                      <option value="">Not in the file</option>
                      {document.headers.map((header, index) => (
                        <option key={index} value={index}>
                          {header || `Column ${index + 1}`}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="muted" data-testid={`census-match-${field}`}>
                    {matchWords(document, field, mapping[field])}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <fieldset className="census__source">
        <legend className="field__label">Where does this census come from?</legend>
        {CENSUS_SOURCES.map((value) => (
          <label key={value} className="census__radio">
            <input
              type="radio"
              name="census-source"
              value={value}
              checked={source === value}
              onChange={() => setSource(value)}
            />{' '}
            {CENSUS_SOURCE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="button-row">
        <Button className="button button--primary" onPress={() => void onConfirm()} isDisabled={isSaving}>
          Confirm and validate
        </Button>
      </div>
    </section>
  );
}

export function Progress({ result }: { result: CensusResult }) {
  const progress = result.document.progress;
  const done = progress?.rowsDone ?? 0;
  const total = progress?.rowsTotal ?? 0;
  return (
    <div className="census__progress" role="status" data-testid="census-progress">
      <p>
        Validating {result.document.fileName}:{' '}
        {total > 0
          ? `${plural(done, 'row')} of ${total.toLocaleString('en-US')}`
          : `${plural(done, 'row')} so far`}
        . You may leave this page; the validation goes on and its report waits here.
      </p>
      <progress max={total || 1} value={total ? done : 0} aria-label="Rows validated" />
    </div>
  );
}

export function Counts({ result }: { result: CensusResult }) {
  const report = result.domainValidations.report;
  if (!report) return null;
  return (
    <ul className="census__counts" data-testid="census-counts">
      <li className={report.counts.ERROR > 0 ? 'census__count census__count--error' : 'census__count'}>
        <strong>{report.counts.ERROR.toLocaleString('en-US')}</strong>{' '}
        {report.counts.ERROR === 1 ? 'error' : 'errors'}
      </li>
      <li className={report.counts.WARNING > 0 ? 'census__count census__count--warning' : 'census__count'}>
        <strong>{report.counts.WARNING.toLocaleString('en-US')}</strong>{' '}
        {report.counts.WARNING === 1 ? 'warning' : 'warnings'}
      </li>
      <li className="census__count">
        <strong>{report.rows.toLocaleString('en-US')}</strong> {report.rows === 1 ? 'row' : 'rows'}
      </li>
    </ul>
  );
}

export function DownloadErrors({
  clientId,
  policyId,
  result,
}: {
  clientId: string;
  policyId: string;
  result: CensusResult;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isAsking, setAsking] = useState(false);
  const mayDownloadUnmasked = useMayReveal().downloadUnmasked;
  if (!result.document.outputsCurrent)
    return (
      <Button className="button button--secondary" isDisabled>
        Writing your corrections into the error workbook…
      </Button>
    );
  if (!result.document.errorWorkbookDocumentId) return null;
  return (
    <>
      <Button
        className="button button--secondary"
        onPress={() =>
          void download(`${CENSUS_FILE}/error-workbook`, {
            clientId,
            policyId,
            documentId: result.document.documentId,
          }).catch((caught) => setError(messageOf(caught)))
        }
      >
        Download the error workbook
      </Button>
      {mayDownloadUnmasked && (
        <>
          <Button className="button button--secondary" onPress={() => setAsking(true)}>
            Download unmasked
          </Button>
          <ReasonDialog
            title="Download the error workbook unmasked"
            what="The workbook downloads with full SSNs, dates of birth and salaries."
            confirmLabel="Download"
            isOpen={isAsking}
            onClose={() => setAsking(false)}
            onConfirm={async (reason) => {
              await downloadFor(
                `${CENSUS_FILE}/error-workbook/unmasked`,
                { clientId, policyId, documentId: result.document.documentId },
                { reason },
              );
            }}
          />
        </>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}

function ValidateStep({
  clientId,
  policyId,
  result,
  results,
}: {
  clientId: string;
  policyId: string;
  result: CensusResult;
  results: CensusResult[];
}) {
  const writes = useCensusWrites(clientId, policyId);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const { document } = result;
  const report = result.domainValidations.report;
  const onSubmit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      await writes.submit(document.documentId);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSubmitting(false);
    }
  };
  const previous = results.find((r) => r.document.documentId === result.domainValidations.comparedWith);
  return (
    <section className="card census" aria-labelledby="census-validate-title">
      <h2 id="census-validate-title" className="card__title">
        {document.fileName}
      </h2>
      {document.status === 'VALIDATING' && (
        <>
          <Progress result={result} />
          {!document.progress && document.source && (
            // A validation whose server stopped (a restart) has no progress: the user starts it again.
            <p className="muted">
              Nothing moving after a minute?{' '}
              <Button
                className="button button--ghost"
                onPress={() =>
                  void writes
                    .confirm({
                      documentId: document.documentId,
                      mapping: document.mapping,
                      source: document.source!,
                    })
                    .catch((caught: unknown) => setError(messageOf(caught)))
                }
              >
                Validate again
              </Button>
            </p>
          )}
          {error && <Alert tone="error">{error}</Alert>}
        </>
      )}
      {document.status === 'FAILED' && (
        <Alert tone="error">
          {document.failure ?? 'The file could not be read.'} Upload it again once it opens in your
          spreadsheet program.
        </Alert>
      )}
      {document.status === 'VALIDATED' && report && (
        <>
          <Counts result={result} />
          {report.counts.ERROR > 0 ? (
            <Alert tone="error" testId="census-has-errors">
              The census has errors. Fix them in the validation report, or download the error workbook: it is
              your file with an Errors column and the cells to fix highlighted. Fix them and upload it again
              as it is.
            </Alert>
          ) : result.submitted ? (
            <Alert tone="success" testId="census-submitted">
              Submitted. Your implementation consultant reviews the census next.
            </Alert>
          ) : (
            <Alert tone="success" testId="census-no-errors">
              No errors: the census is ready to submit.
            </Alert>
          )}
          <div className="button-row">
            <Link
              className="button button--secondary"
              href={censusReportPath(clientId, policyId, document.documentId)}
            >
              Open the validation report
            </Link>
            <DownloadErrors clientId={clientId} policyId={policyId} result={result} />
            {report.counts.ERROR > 0 && (
              <Link
                className="button button--primary"
                href={censusPagePath(clientId, policyId, 'upload-files')}
              >
                Upload the fixed file
              </Link>
            )}
            {report.counts.ERROR === 0 && !result.submitted && (
              <Button
                className="button button--primary"
                onPress={() => void onSubmit()}
                isDisabled={isSubmitting}
              >
                Submit census
              </Button>
            )}
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          {result.domainValidations.changes && (
            <ChangeView
              clientId={clientId}
              policyId={policyId}
              documentId={result.document.documentId}
              changes={result.domainValidations.changes}
              previousName={previous?.document.fileName ?? null}
            />
          )}
        </>
      )}
    </section>
  );
}

function FileList({
  clientId,
  policyId,
  results,
}: {
  clientId: string;
  policyId: string;
  results: CensusResult[];
}) {
  const writes = useCensusWrites(clientId, policyId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CensusResult['document'] | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [unmasking, setUnmasking] = useState<CensusResult['document'] | null>(null);
  const mayReveal = useMayReveal().reveal;
  if (results.length === 0)
    return (
      <>
        {notice && (
          <Alert tone={notice.tone} testId="census-files-notice">
            {notice.text}
          </Alert>
        )}
        <NothingYet
          clientId={clientId}
          policyId={policyId}
          words="No census has been uploaded for this policy."
        />
      </>
    );
  const remove = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await writes.remove(deleting.documentId);
      setNotice({ tone: 'success', text: `${deleting.fileName} was deleted.` });
    } catch (caught) {
      setNotice({ tone: 'error', text: messageOf(caught) });
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  };
  return (
    <section className="card census" aria-labelledby="census-files-title">
      <h2 id="census-files-title" className="card__title">
        Census files
      </h2>
      {notice && (
        <Alert tone={notice.tone} testId="census-files-notice">
          {notice.text}
        </Alert>
      )}
      <div className="census__files">
        <table className="table" data-testid="census-files">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Status</th>
              <th scope="col">Errors</th>
              <th scope="col">Warnings</th>
              <th scope="col">Report</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.document.documentId} data-testid="census-file">
                <td className="census__file-cell">
                  {renaming === r.document.documentId ? (
                    <InlineRename
                      name={r.document.fileName}
                      onClose={() => setRenaming(null)}
                      onRename={async (name) => {
                        try {
                          await writes.rename(r.document.documentId, name);
                          setNotice({ tone: 'success', text: `Renamed to ${name.trim()}.` });
                        } catch (caught) {
                          setNotice({ tone: 'error', text: messageOf(caught) });
                          throw caught;
                        }
                      }}
                    />
                  ) : (
                    r.document.fileName
                  )}
                  <p className="census__meta muted">
                    Uploaded {formatDate(r.document.uploadedAt)}
                    {r.document.source ? ` · ${CENSUS_SOURCE_LABELS[r.document.source]}` : ''}
                  </p>
                  {r.submitted && (
                    <p className="census__kept muted" data-testid="census-file-kept">
                      {CENSUS_MESSAGES.submittedKept}
                    </p>
                  )}
                  {renaming !== r.document.documentId && (
                    <div className="census__file-actions">
                      <Button
                        className="button button--secondary button--small"
                        onPress={() =>
                          void download(CENSUS_FILE, {
                            clientId,
                            policyId,
                            documentId: r.document.documentId,
                          }).catch((caught: unknown) => setNotice({ tone: 'error', text: messageOf(caught) }))
                        }
                      >
                        Download<span className="visually-hidden"> {r.document.fileName}</span>
                      </Button>
                      {mayReveal && (
                        <Button
                          className="button button--secondary button--small"
                          onPress={() => setUnmasking(r.document)}
                        >
                          Download as uploaded<span className="visually-hidden"> {r.document.fileName}</span>
                        </Button>
                      )}
                      <Button
                        className="button button--secondary button--small"
                        onPress={() => setRenaming(r.document.documentId)}
                      >
                        Rename<span className="visually-hidden"> {r.document.fileName}</span>
                      </Button>
                      {!r.submitted && (
                        <Button
                          className="button button--secondary button--small"
                          onPress={() => setDeleting(r.document)}
                        >
                          Delete<span className="visually-hidden"> {r.document.fileName}</span>
                        </Button>
                      )}
                    </div>
                  )}
                </td>
                <td>{r.submitted ? 'Submitted' : STATUS_WORDS[r.document.status]}</td>
                <td>{r.domainValidations.report?.counts.ERROR ?? '—'}</td>
                <td>{r.domainValidations.report?.counts.WARNING ?? '—'}</td>
                <td>
                  {r.domainValidations.report ? (
                    <Link
                      className="text-link"
                      href={censusReportPath(clientId, policyId, r.document.documentId)}
                    >
                      Open report
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="button-row">
        <Link className="button button--primary" href={censusPagePath(clientId, policyId, 'upload-files')}>
          Upload a census
        </Link>
      </div>
      <ReasonDialog
        title="Download the census file as uploaded"
        what={`“${unmasking?.fileName ?? ''}” downloads with full SSNs, dates of birth, salaries, ZIP codes and dependants’ names.`}
        confirmLabel="Download"
        isOpen={unmasking !== null}
        onClose={() => setUnmasking(null)}
        onConfirm={(reason) => downloadUnmaskedCensusFile(clientId, policyId, unmasking!.documentId, reason)}
      />
      <ConfirmDialog
        title="Delete this census file?"
        message={
          deleting
            ? `“${deleting.fileName}” will no longer be listed or downloadable.`
            : 'The file will no longer be listed.'
        }
        confirmLabel="Delete"
        isOpen={deleting !== null}
        isPending={isDeleting}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  );
}

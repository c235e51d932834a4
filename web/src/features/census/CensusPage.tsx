import { useState, type ChangeEvent } from 'react';
import { Button, Link } from '../../ui/controls.ts';
import { useLocation } from 'wouter';
import {
  CENSUS_FIELDS,
  CENSUS_FIELD_LABELS,
  CENSUS_SOURCES,
  CENSUS_SOURCE_LABELS,
  REQUIRED_COLUMNS,
  type CensusField,
  type CensusSource,
} from '@onboard/domain/census';
import { policyLabel } from '@onboard/domain/web';
import { useAction } from '../../api/action.ts';
import { download, downloadFor } from '../../api/download.ts';
import { useClient } from '../../api/hooks.ts';
import { clientHubPath } from '../../app/routes.ts';
import { Alert, ErrorPanel } from '../../ui/Feedback.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { TaskLayout } from '../tasks/TaskLayout.tsx';
import {
  CENSUS_FILE,
  CENSUS_STEPS,
  UPLOAD_ACCEPT,
  censusErrorMessage,
  censusPagePath,
  censusReportPath,
  plural,
  uploadCensusFile,
  useCensus,
  useCensusWrites,
  type CensusPolicy,
  type CensusResult,
  type CensusResultProps,
  type CensusStepId,
} from './api.ts';
import { ChangesAgainstPrevious } from './ChangeView.tsx';
import { CensusFiles } from './CensusFiles.tsx';
import { ReasonDialog, useMayReveal } from './PersonalData.tsx';
import { ReadingPanel, matchWords } from './ReadingPanel.tsx';
import './census.css';

type Props = CensusPolicy & { step: CensusStepId | 'validations' };

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
  return (
    <TaskLayout
      title={title}
      subtitle={policy ? policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] }) : undefined}
      nav={<StepsNav clientId={clientId} policyId={policyId} step={step} />}
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

function StepsNav({ clientId, policyId, step }: Props) {
  return (
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
      return <CensusFiles clientId={clientId} policyId={policyId} results={results} />;
  }
}

export function NothingYet({ clientId, policyId, words }: CensusPolicy & { words: string }) {
  return (
    <section className="card census">
      <p>{words}</p>
      <Link className="button button--primary" href={censusPagePath(clientId, policyId, 'upload-files')}>
        Upload a census
      </Link>
    </section>
  );
}

function UploadStep({ clientId, policyId }: CensusPolicy) {
  const [, navigate] = useLocation();
  const writes = useCensusWrites(clientId, policyId);
  const upload = useAction(
    async (file: File) => {
      await uploadCensusFile(clientId, policyId, file);
      await writes.refresh();
    },
    {
      describe: censusErrorMessage,
      onSuccess: () => navigate(censusPagePath(clientId, policyId, 'indicate-source')),
    },
  );
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload.run(file);
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
          onChange={onFile}
          disabled={upload.isPending}
        />
      </label>
      {upload.isPending && (
        <p role="status" className="muted">
          Uploading and reading the file…
        </p>
      )}
      {upload.error && (
        <Alert tone="error" testId="census-upload-error">
          {upload.error}
        </Alert>
      )}
    </section>
  );
}

type ColumnMapping = Partial<Record<CensusField, number>>;

function SourceStep({ clientId, policyId, result }: CensusPolicy & { result: CensusResult }) {
  const [, navigate] = useLocation();
  const writes = useCensusWrites(clientId, policyId);
  const { document } = result;
  const [mapping, setMapping] = useState<ColumnMapping>(document.mapping as ColumnMapping);
  const [source, setSource] = useState<CensusSource | null>(document.source);
  const confirm = useAction(
    async () => {
      if (!source) throw new Error('Choose where the census comes from');
      await writes.confirm({ documentId: document.documentId, mapping, source });
    },
    {
      describe: censusErrorMessage,
      onSuccess: () => navigate(censusPagePath(clientId, policyId, 'validate-submit')),
    },
  );
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
      <MappingTable document={document} mapping={mapping} onMapping={setMapping} />
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
      {confirm.error && <Alert tone="error">{confirm.error}</Alert>}
      <div className="button-row">
        <Button
          className="button button--primary"
          onPress={() => void confirm.run()}
          isDisabled={confirm.isPending}
        >
          Confirm and validate
        </Button>
      </div>
    </section>
  );
}

/** Which column of the file holds each census field, chosen field by field. */
function MappingTable({
  document,
  mapping,
  onMapping,
}: {
  document: CensusResult['document'];
  mapping: ColumnMapping;
  onMapping: (update: (mapping: ColumnMapping) => ColumnMapping) => void;
}) {
  const choose = (field: CensusField, column: string) =>
    onMapping((m) => {
      const next = { ...m };
      if (column === '') delete next[field];
      else next[field] = Number(column);
      return next;
    });
  return (
    <div className="census__mapping-scroll">
      <table className="table census__mapping" data-testid="census-mapping">
        <TableHead columns={['Census field', 'Column in your file', 'Match']} />
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
                    onChange={(e) => choose(field, e.target.value)}
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

export function DownloadErrors({ clientId, policyId, result }: CensusPolicy & { result: CensusResult }) {
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
          }).catch((caught) => setError(censusErrorMessage(caught)))
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

function ValidateStep({ clientId, policyId, result, results }: CensusResultProps) {
  const { document } = result;
  const report = result.domainValidations.report;
  return (
    <section className="card census" aria-labelledby="census-validate-title">
      <h2 id="census-validate-title" className="card__title">
        {document.fileName}
      </h2>
      {document.status === 'VALIDATING' && (
        <Validating clientId={clientId} policyId={policyId} result={result} />
      )}
      {document.status === 'FAILED' && (
        <Alert tone="error">
          {document.failure ?? 'The file could not be read.'} Upload it again once it opens in your
          spreadsheet program.
        </Alert>
      )}
      {document.status === 'VALIDATED' && report && (
        <Validated clientId={clientId} policyId={policyId} result={result} results={results} />
      )}
    </section>
  );
}

/** A file being validated: its progress, and a way to start again a validation whose server stopped. */
function Validating({ clientId, policyId, result }: CensusPolicy & { result: CensusResult }) {
  const writes = useCensusWrites(clientId, policyId);
  const { document } = result;
  const again = useAction(
    (source: CensusSource) =>
      writes.confirm({ documentId: document.documentId, mapping: document.mapping, source }),
    { describe: censusErrorMessage },
  );
  return (
    <>
      <Progress result={result} />
      {!document.progress && document.source && (
        // A validation whose server stopped (a restart) has no progress: the user starts it again.
        <p className="muted">
          Nothing moving after a minute?{' '}
          <Button className="button button--ghost" onPress={() => void again.run(document.source!)}>
            Validate again
          </Button>
        </p>
      )}
      {again.error && <Alert tone="error">{again.error}</Alert>}
    </>
  );
}

/** A validated file: its counts, what to do next, and what changed against the census before it. */
function Validated({ clientId, policyId, result, results }: CensusResultProps) {
  const writes = useCensusWrites(clientId, policyId);
  const { document } = result;
  const errors = result.domainValidations.report?.counts.ERROR ?? 0;
  const submit = useAction(() => writes.submit(document.documentId), { describe: censusErrorMessage });
  return (
    <>
      <Counts result={result} />
      {errors > 0 ? (
        <Alert tone="error" testId="census-has-errors">
          The census has errors. Fix them in the validation report, or download the error workbook: it is your
          file with an Errors column and the cells to fix highlighted. Fix them and upload it again as it is.
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
        {errors > 0 && (
          <Link className="button button--primary" href={censusPagePath(clientId, policyId, 'upload-files')}>
            Upload the fixed file
          </Link>
        )}
        {errors === 0 && !result.submitted && (
          <Button
            className="button button--primary"
            onPress={() => void submit.run()}
            isDisabled={submit.isPending}
          >
            Submit census
          </Button>
        )}
      </div>
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      <ChangesAgainstPrevious clientId={clientId} policyId={policyId} result={result} results={results} />
    </>
  );
}

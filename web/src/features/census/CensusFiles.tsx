import { useState } from 'react';
import { Button, Link } from '../../ui/controls.ts';
import { CENSUS_MESSAGES, CENSUS_SOURCE_LABELS } from '@onboard/domain/census';
import { useAction } from '../../api/action.ts';
import { download } from '../../api/download.ts';
import { DeleteFileDialog } from '../../ui/DeleteFileDialog.tsx';
import { Alert } from '../../ui/Feedback.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { InlineRename } from '../documents/InlineRename.tsx';
import { formatDate } from '../tasks/format.ts';
import {
  CENSUS_FILE,
  STATUS_WORDS,
  censusErrorMessage,
  censusPagePath,
  censusReportPath,
  useCensusWrites,
  type CensusPolicy,
  type CensusResult,
} from './api.ts';
import { NothingYet } from './CensusPage.tsx';
import { ReasonDialog, downloadUnmaskedCensusFile, useMayReveal } from './PersonalData.tsx';

type CensusDocument = CensusResult['document'];
type Notice = { tone: 'success' | 'error'; text: string };

function FilesNotice({ notice }: { notice: Notice | null }) {
  return notice ? (
    <Alert tone={notice.tone} testId="census-files-notice">
      {notice.text}
    </Alert>
  ) : null;
}

/** Every census file uploaded for the policy: download, rename or delete each, and open its report. */
export function CensusFiles({ clientId, policyId, results }: CensusPolicy & { results: CensusResult[] }) {
  const writes = useCensusWrites(clientId, policyId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CensusDocument | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [unmasking, setUnmasking] = useState<CensusDocument | null>(null);
  const remove = useAction((file: CensusDocument) => writes.remove(file.documentId), {
    onSuccess: (_, file) => {
      setNotice({ tone: 'success', text: `${file.fileName} was deleted.` });
      setDeleting(null);
    },
    onError: (caught) => {
      setNotice({ tone: 'error', text: censusErrorMessage(caught) });
      setDeleting(null);
    },
  });
  if (results.length === 0)
    return (
      <>
        <FilesNotice notice={notice} />
        <NothingYet
          clientId={clientId}
          policyId={policyId}
          words="No census has been uploaded for this policy."
        />
      </>
    );
  return (
    <section className="card census" aria-labelledby="census-files-title">
      <h2 id="census-files-title" className="card__title">
        Census files
      </h2>
      <FilesNotice notice={notice} />
      <div className="census__files">
        <table className="table" data-testid="census-files">
          <TableHead columns={['File', 'Status', 'Errors', 'Warnings', 'Report']} />
          <tbody>
            {results.map((r) => (
              <FileRow
                key={r.document.documentId}
                clientId={clientId}
                policyId={policyId}
                result={r}
                isRenaming={renaming === r.document.documentId}
                onRenaming={(isRenaming) => setRenaming(isRenaming ? r.document.documentId : null)}
                onNotice={setNotice}
                onUnmask={setUnmasking}
                onDelete={setDeleting}
              />
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
      <DeleteFileDialog
        title="Delete this census file?"
        file={deleting}
        name={(file) => file.fileName}
        unnamed="The file"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onDelete={remove.run}
      />
    </section>
  );
}

type FileRowProps = CensusPolicy & {
  result: CensusResult;
  isRenaming: boolean;
  onRenaming: (isRenaming: boolean) => void;
  onNotice: (notice: Notice) => void;
  onUnmask: (file: CensusDocument) => void;
  onDelete: (file: CensusDocument) => void;
};

/** One file: its name (renamed in place), when and from where it came, its status and counts. */
function FileRow({
  clientId,
  policyId,
  result: r,
  isRenaming,
  onRenaming,
  onNotice,
  ...actions
}: FileRowProps) {
  const writes = useCensusWrites(clientId, policyId);
  return (
    <tr data-testid="census-file">
      <td className="census__file-cell">
        {isRenaming ? (
          <InlineRename
            name={r.document.fileName}
            onClose={() => onRenaming(false)}
            onRename={async (name) => {
              try {
                await writes.rename(r.document.documentId, name);
                onNotice({ tone: 'success', text: `Renamed to ${name.trim()}.` });
              } catch (caught) {
                onNotice({ tone: 'error', text: censusErrorMessage(caught) });
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
        {!isRenaming && (
          <FileActions
            clientId={clientId}
            policyId={policyId}
            result={r}
            onNotice={onNotice}
            onRename={() => onRenaming(true)}
            {...actions}
          />
        )}
      </td>
      <td>{r.submitted ? 'Submitted' : STATUS_WORDS[r.document.status]}</td>
      <td>{r.domainValidations.report?.counts.ERROR ?? '—'}</td>
      <td>{r.domainValidations.report?.counts.WARNING ?? '—'}</td>
      <td>
        {r.domainValidations.report ? (
          <Link className="text-link" href={censusReportPath(clientId, policyId, r.document.documentId)}>
            Open report
          </Link>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

function FileActions({
  clientId,
  policyId,
  result: { document: file, submitted },
  onNotice,
  onUnmask,
  onDelete,
  onRename,
}: Omit<FileRowProps, 'isRenaming' | 'onRenaming'> & { onRename: () => void }) {
  const mayReveal = useMayReveal().reveal;
  const named = <span className="visually-hidden"> {file.fileName}</span>;
  return (
    <div className="census__file-actions">
      <Button
        className="button button--secondary button--small"
        onPress={() =>
          void download(CENSUS_FILE, { clientId, policyId, documentId: file.documentId }).catch(
            (caught: unknown) => onNotice({ tone: 'error', text: censusErrorMessage(caught) }),
          )
        }
      >
        Download{named}
      </Button>
      {mayReveal && (
        <Button className="button button--secondary button--small" onPress={() => onUnmask(file)}>
          Download as uploaded{named}
        </Button>
      )}
      <Button className="button button--secondary button--small" onPress={onRename}>
        Rename{named}
      </Button>
      {!submitted && (
        <Button className="button button--secondary button--small" onPress={() => onDelete(file)}>
          Delete{named}
        </Button>
      )}
    </div>
  );
}

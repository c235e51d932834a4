import { ProgressMeter } from '../../ui/ProgressMeter.tsx';
import { ListGroup } from '../../ui/TitledSection.tsx';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Button, Heading } from '../../ui/controls.ts';
import { documentCategories, documentCategoryLabel, policyLabel } from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { useAction } from '../../api/action.ts';
import { useClient } from '../../api/hooks.ts';
import { DeleteFileDialog } from '../../ui/DeleteFileDialog.tsx';
import { NoticeAlert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { fileKindLabel, fileSizeLabel } from '../../ui/format.ts';
import {
  matchesDocumentSearch,
  sizeProblem,
  uploadDocuments,
  useDocuments,
  useDocumentWrites,
  type ClientDocument,
} from './api.ts';
import { InlineRename } from './InlineRename.tsx';
import { useSetDocumentNotice } from './notice.ts';
import './documents.css';

type Notice = { tone: 'success' | 'error'; text: string };
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

// Real options, not the placeholder: every choice reads at full contrast.
const ALL = 'all';
const CATEGORY_OPTIONS = documentCategories.map((c) => ({ value: c.id, label: c.label }));
const CATEGORY_FILTER = [{ value: ALL, label: 'All categories' }, ...CATEGORY_OPTIONS];
const NO_POLICY = 'all-policies';

const dateLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function UploadProgress({ fraction }: { fraction: number }) {
  return <ProgressMeter label="Uploading" percent={fraction * 100} prefix="Uploading…" />;
}

/** Drop files here or pick them; files go up together under the chosen category (and policy). */
function UploadZone({
  clientId,
  policyOptions,
  initial,
  onDone,
}: {
  clientId: string;
  policyOptions: { value: string; label: string }[];
  initial: { category: string; policyId: string };
  onDone: (notice: Notice) => void;
}) {
  const [category, setCategory] = useState(initial.category || 'other');
  const [policyId, setPolicyId] = useState(initial.policyId);
  const [progress, setProgress] = useState<number | null>(null);
  const [isOver, setIsOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    const tooLarge = files.map(sizeProblem).find((p) => p !== null);
    if (tooLarge) {
      onDone({ tone: 'error', text: tooLarge });
      return;
    }
    setProgress(0);
    try {
      await uploadDocuments(
        clientId,
        files,
        { category, policyId: policyId === NO_POLICY ? null : policyId },
        setProgress,
      );
      const what = files.length === 1 ? files[0]!.name : `${files.length} documents`;
      onDone({ tone: 'success', text: `${what} uploaded to ${documentCategoryLabel(category)}.` });
    } catch (error) {
      onDone({ tone: 'error', text: messageOf(error) });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    if (progress === null) void send([...event.dataTransfer.files]);
  };

  return (
    <section className="card documents-upload" aria-label="Upload documents">
      <div className="documents-upload__filing">
        <SelectInput label="Category" value={category} options={CATEGORY_OPTIONS} onChange={setCategory} />
        <PolicySelect
          value={policyId}
          onChange={setPolicyId}
          policyOptions={policyOptions}
          noPolicy="The whole company"
        />
      </div>
      <div
        className="documents-drop"
        data-over={isOver || undefined}
        data-testid="documents-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
      >
        <p className="documents-drop__text">
          Drag and drop files here, or{' '}
          <label className="text-link documents-drop__pick">
            choose files
            <input
              ref={input}
              type="file"
              multiple
              className="visually-hidden"
              data-testid="documents-file-input"
              disabled={progress !== null}
              onChange={(event) => void send([...(event.target.files ?? [])])}
            />
          </label>
        </p>
        <p className="muted documents-drop__hint">
          PDF, images, Word, Excel, CSV or text files, up to 25 MB each, ten at a time.
        </p>
        {progress !== null && <UploadProgress fraction={progress} />}
      </div>
    </section>
  );
}

function DocumentRow({
  doc,
  policyName,
  isSelected,
  onSelect,
  onRename,
  onDelete,
  onDownload,
}: {
  doc: ClientDocument;
  policyName: string | null;
  isSelected: boolean;
  onSelect: (selected: boolean) => void;
  onRename: (name: string) => Promise<void>;
  onDelete: () => void;
  onDownload: () => Promise<void>;
}) {
  const [isRenaming, setIsRenaming] = useState(false);
  const download = useAction(onDownload);
  return (
    <li className="document" data-testid="document">
      <CheckboxInput isSelected={isSelected} onChange={onSelect}>
        <span className="visually-hidden">Select {doc.name}</span>
      </CheckboxInput>
      <div className="document__body">
        {!isRenaming ? (
          <Button
            className="button button--link document__name"
            aria-label={`Download ${doc.name}`}
            isPending={download.isPending}
            onPress={() => void download.run()}
          >
            {doc.name}
          </Button>
        ) : (
          <InlineRename name={doc.name} onRename={onRename} onClose={() => setIsRenaming(false)} />
        )}
        <p className="document__meta muted">
          {fileKindLabel(doc.mimeType)}
          {doc.size === null ? '' : ` · ${fileSizeLabel(doc.size)}`} · {policyName ? `${policyName} · ` : ''}
          {doc.source === 'onboarding-form'
            ? `Signed and completed on ${dateLabel(doc.createdAt)}`
            : `Uploaded by ${doc.uploadedBy} on ${dateLabel(doc.createdAt)}`}
        </p>
        {doc.keptReason && (
          <p className="document__kept muted" data-testid="document-kept">
            {doc.keptReason}
          </p>
        )}
      </div>
      {!isRenaming && (doc.canRename || doc.canDelete) && (
        <div className="document__actions">
          {doc.canRename && (
            <Button className="button button--secondary button--small" onPress={() => setIsRenaming(true)}>
              Rename<span className="visually-hidden"> {doc.name}</span>
            </Button>
          )}
          {doc.canDelete && (
            <Button className="button button--secondary button--small" onPress={onDelete}>
              Delete<span className="visually-hidden"> {doc.name}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** The policy a document is filed under (or filtered by); only when the client has policies. */
function PolicySelect({
  value,
  onChange,
  policyOptions,
  noPolicy,
}: {
  value: string;
  onChange: (value: string) => void;
  policyOptions: { value: string; label: string }[];
  noPolicy: string;
}) {
  if (policyOptions.length === 0) return null;
  return (
    <SelectInput
      label="Policy"
      value={value}
      options={[{ value: NO_POLICY, label: noPolicy }, ...policyOptions]}
      onChange={onChange}
      placeholder={noPolicy}
    />
  );
}

/**
 * `/client/{clientId}/documents`: the client's documents by category and policy (onboarding §7): upload by
 * drag and drop with a progress bar, rename inline, delete with confirmation, download one or several as a
 * zip, search. Opening it marks the new-document notice seen. `?category=&policyId=` opens it on a task's
 * documents.
 */
export function DocumentsPage({ clientId }: { clientId: string }) {
  const { data: client } = useClient(clientId);
  const { data: documents, error } = useDocuments(clientId);
  const writes = useDocumentWrites(clientId);
  const initial = new URLSearchParams(window.location.search);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(initial.get('category') ?? ALL);
  const [policyFilter, setPolicyFilter] = useState(initial.get('policyId') ?? NO_POLICY);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<ClientDocument | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const setSeen = useSetDocumentNotice(clientId);

  // Opening the documents marks the new-document notice seen (onboarding §4).
  useEffect(() => {
    void setSeen('NEW_AND_SEEN').catch(() => undefined);
  }, [clientId, setSeen]);

  const policies = client?.policies ?? [];
  const policyName = (id: string | null) => {
    const policy = id ? policies.find((p) => p.id === id) : undefined;
    return policy ? policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] }) : null;
  };
  const policyOptions = policies.map((p) => ({ value: p.id, label: policyName(p.id) ?? 'Policy' }));

  const shown = (documents ?? []).filter(
    (d) =>
      (category === ALL || d.category === category) &&
      (policyFilter === NO_POLICY || d.policyId === policyFilter) &&
      matchesDocumentSearch(d, search),
  );
  const groups = documentCategories
    .map((c) => ({ id: c.id, label: c.label, items: shown.filter((d) => d.category === c.id) }))
    .filter((g) => g.items.length > 0);
  const chosen = shown.filter((d) => selected.has(d.documentId));

  const report = (n: Notice) => {
    setNotice(n);
    if (n.tone === 'success') void writes.refresh();
  };
  const toggle = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = useAction((doc: ClientDocument) => writes.remove(doc), {
    onSuccess: (_, doc) => {
      toggle(doc.documentId, false);
      setNotice({ tone: 'success', text: `${doc.name} was deleted.` });
      setDeleting(null);
    },
    onError: (caught) => {
      setNotice({ tone: 'error', text: messageOf(caught) });
      setDeleting(null);
    },
  });
  const zip = useAction(() => writes.zip(chosen.map((d) => d.documentId)), {
    onError: (caught) => setNotice({ tone: 'error', text: messageOf(caught) }),
  });

  return (
    <div className="page page--wide">
      <div className="page__header">
        <p className="eyebrow">{client?.name ?? 'Client hub'}</p>
        <Heading level={1}>Documents</Heading>
        <p className="muted">Everything you and your onboarding team have shared, by category.</p>
      </div>
      <NoticeAlert notice={notice} testId="documents-notice" />
      <UploadZone
        clientId={clientId}
        policyOptions={policyOptions}
        initial={{ category: initial.get('category') ?? '', policyId: policyFilter }}
        onDone={report}
      />
      <section className="card list-filters documents-filters" aria-label="Find a document">
        <SearchBox value={search} onChange={setSearch} placeholder="Name, category or who uploaded it" />
        <SelectInput
          label="Category"
          value={category}
          options={CATEGORY_FILTER}
          onChange={setCategory}
          placeholder="All categories"
        />
        <PolicySelect
          value={policyFilter}
          onChange={setPolicyFilter}
          policyOptions={policyOptions}
          noPolicy="All policies"
        />
        <div className="documents-filters__zip">
          <Button
            className="button button--secondary"
            isDisabled={chosen.length === 0}
            isPending={zip.isPending}
            onPress={() => void zip.run()}
          >
            {chosen.length === 0 ? 'Download as zip' : `Download ${chosen.length} as zip`}
          </Button>
        </div>
      </section>
      {error && !documents && <ErrorPanel error={error} />}
      {!documents && !error && <PageSkeleton />}
      {documents && groups.length === 0 && (
        <section className="card">
          <p className="muted" data-testid="documents-empty">
            {documents.length > 0
              ? 'No documents match your search.'
              : 'No documents have been uploaded yet.'}
          </p>
        </section>
      )}
      {groups.map((group) => (
        <ListGroup
          key={group.id}
          id={`documents-${group.id}`}
          label={group.label}
          count={group.items.length}
          testId={`document-group-${group.id}`}
          listClassName="document-list"
        >
          {group.items.map((doc) => (
            <DocumentRow
              key={doc.documentId}
              doc={doc}
              policyName={policyName(doc.policyId)}
              isSelected={selected.has(doc.documentId)}
              onSelect={(isOn) => toggle(doc.documentId, isOn)}
              onDownload={async () => {
                try {
                  await writes.download(doc);
                } catch (caught) {
                  setNotice({ tone: 'error', text: messageOf(caught) });
                }
              }}
              onRename={async (name) => {
                try {
                  await writes.rename(doc, name);
                  setNotice({ tone: 'success', text: `Renamed to ${name.trim()}.` });
                } catch (caught) {
                  setNotice({ tone: 'error', text: messageOf(caught) });
                  throw caught;
                }
              }}
              onDelete={() => setDeleting(doc)}
            />
          ))}
        </ListGroup>
      ))}
      <DeleteFileDialog
        title="Delete this document?"
        file={deleting}
        name={(file) => file.name}
        unnamed="The document"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onDelete={remove.run}
      />
    </div>
  );
}

import { ProgressMeter } from '../../ui/ProgressMeter.tsx';
import { useState } from 'react';
import { Button, FileTrigger, Heading, Label, Link } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { BENEFIT_TYPE_SORT_ORDER, type StoredDocument } from '@onboard/domain/web';
import { ApiError } from '../../api/errors.ts';
import { useAction } from '../../api/action.ts';
import { useDraft } from '../../ui/field-binding.ts';
import { withProgress } from '../../ui/upload-progress.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { explorerPagePath } from './api.ts';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import {
  attachDocument,
  documentDownloadPath,
  uploadDocument,
  uploadProblem,
  UPLOAD_ACCEPT,
  type ExplorerDocumentBody,
} from './documents-api.ts';
import { benefitTypeLabel } from './PlanEditor.tsx';

const BENEFIT_TYPE_OPTIONS = BENEFIT_TYPE_SORT_ORDER.map((t) => ({ value: t, label: benefitTypeLabel(t) }));
const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
];
const REQUIRED = 'Please provide a response.';

const withoutExtension = (name: string) => name.replace(/\.[a-z0-9]{2,5}$/i, '');

function UploadProgress({ label, fraction }: { label: string; fraction: number }) {
  return <ProgressMeter label={label} percent={fraction * 100} />;
}

/** A file picker that uploads the chosen file to the document store and hands back its id. */
export function UploadButton({
  label,
  acceptedFileTypes = UPLOAD_ACCEPT,
  onUploaded,
}: {
  label: string;
  acceptedFileTypes?: string[];
  onUploaded: (document: StoredDocument) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useAction(
    (file: File) => withProgress(setProgress, (report) => uploadDocument(file, report)),
    {
      onSuccess: onUploaded,
    },
  );
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    upload.clearError();
    setProblem(uploadProblem(file));
    if (!uploadProblem(file)) void upload.run(file);
  };
  const error = problem ?? upload.error;
  return (
    <div className="xa-upload">
      <FileTrigger acceptedFileTypes={acceptedFileTypes} onSelect={choose}>
        <Button className="button button--secondary button--small" isPending={upload.isPending}>
          {label}
        </Button>
      </FileTrigger>
      {progress !== null && <UploadProgress label={`${label}: uploading`} fraction={progress} />}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

type Draft = { documentKey: string; name: string; benefitType: string; language: string };
type DraftErrors = Partial<Record<keyof Draft | 'file', string>>;

/**
 * The site's summary documents (explorer §2 shows up to 15 per benefit type): the file is uploaded to the
 * document store first, then attached to the site with its key, name, benefit type and language.
 */
export function DocumentsSection({
  clientId,
  explorerPageId,
  documents,
}: {
  clientId: string;
  explorerPageId: string;
  documents: readonly ExplorerDocumentBody[];
}) {
  // Attached here but perhaps not yet in the read model the page was loaded from.
  const [attached, setAttached] = useState<ExplorerDocumentBody[]>([]);
  const shown = [
    ...documents.filter((d) => !attached.some((a) => a.documentId === d.documentId)),
    ...attached,
  ];
  return (
    <section className="card" aria-labelledby="documents-title" data-testid="site-documents">
      <Heading level={2} id="documents-title" className="card__title">
        Summary documents ({shown.length})
      </Heading>
      <DocumentList explorerPageId={explorerPageId} documents={shown} />
      <AddDocument
        clientId={clientId}
        explorerPageId={explorerPageId}
        onAttached={(document) => setAttached((list) => [...list, document])}
      />
    </section>
  );
}

function DocumentList({
  explorerPageId,
  documents,
}: {
  explorerPageId: string;
  documents: readonly ExplorerDocumentBody[];
}) {
  if (documents.length === 0) return <p className="muted">No documents yet.</p>;
  return (
    <ul className="xa-plans" aria-label="Documents">
      {documents.map((d) => (
        <li key={d.documentId} className="xa-plan" data-testid="document-row">
          <div>
            <div className="xa-plan__name">{d.name}</div>
            <div className="muted">
              {d.benefitType ? benefitTypeLabel(d.benefitType) : 'No benefit type'}
              {d.language ? ` · ${d.language === 'es' ? 'Spanish' : 'English'}` : ''} · {d.documentKey}
            </div>
          </div>
          <Link
            className="button button--secondary button--small"
            href={documentDownloadPath(explorerPageId, d.documentId)}
            download
            aria-label={`Download ${d.name}`}
          >
            Download
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What is missing or wrong before a document is uploaded: the file, its key, its name, its type. */
function draftErrors(file: File | null, draft: Draft): DraftErrors {
  const found: DraftErrors = {};
  if (!file) found.file = 'Choose a file';
  else if (uploadProblem(file)) found.file = uploadProblem(file)!;
  if (draft.documentKey.trim() === '') found.documentKey = REQUIRED;
  if (draft.name.trim() === '') found.name = REQUIRED;
  if (draft.benefitType === '') found.benefitType = REQUIRED;
  return found;
}

/** The form that uploads a file and attaches it to the site. */
function AddDocument({
  clientId,
  explorerPageId,
  onAttached,
}: {
  clientId: string;
  explorerPageId: string;
  onAttached: (document: ExplorerDocumentBody) => void;
}) {
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const { draft, setDraft, errors, setErrors, bind } = useDraft<Draft, DraftErrors>({
    documentKey: '',
    name: '',
    benefitType: '',
    language: 'en',
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const attach = useAction(
    async (chosen: File, body: Draft) => {
      const stored = await withProgress(setProgress, (report) => uploadDocument(chosen, report));
      const document: ExplorerDocumentBody = {
        documentId: stored.documentId,
        documentKey: body.documentKey.trim(),
        name: body.name.trim(),
        benefitType: body.benefitType,
        language: body.language,
      };
      await attachDocument(clientId, explorerPageId, document);
      return document;
    },
    {
      onSuccess: (document) => {
        onAttached(document);
        setDone(`${document.name} was uploaded and attached.`);
        setFile(null);
        setDraft((d) => ({ ...d, documentKey: '', name: '' }));
        void mutate(explorerPagePath(clientId, explorerPageId));
      },
      onError: (caught) => {
        if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
          setErrors(caught.fieldErrors);
      },
    },
  );
  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    setFile(chosen);
    setDone(null);
    attach.clearError();
    setErrors({ file: uploadProblem(chosen) ?? undefined });
    setDraft((d) => ({ ...d, documentKey: chosen.name, name: withoutExtension(chosen.name) }));
  };
  const submit = () => {
    attach.clearError();
    const found = draftErrors(file, draft);
    setErrors(found);
    if (!Object.values(found).some(Boolean) && file) void attach.run(file, draft);
  };

  return (
    <>
      <Heading level={3} className="xa-section-title">
        Add a document
      </Heading>
      <div className="xa-fieldset">
        <DocumentFileField file={file} error={errors.file} isDisabled={attach.isPending} onSelect={choose} />
        <TextInput label="Name" {...bind.text('name')} isRequired />
        <TextInput
          label="Document key"
          {...bind.text('documentKey')}
          description="One document per key is shown for each benefit type."
          isRequired
        />
        <SelectInput
          label="Benefit type"
          {...bind.text('benefitType')}
          options={BENEFIT_TYPE_OPTIONS}
          isRequired
        />
        <SelectInput label="Language" {...bind.text('language')} options={LANGUAGE_OPTIONS} isRequired />
      </div>
      {progress !== null && <UploadProgress label="Uploading the document" fraction={progress} />}
      {attach.error && <Alert tone="error">{attach.error}</Alert>}
      {done && (
        <Alert tone="success" testId="document-attached">
          {done}
        </Alert>
      )}
      <div className="xa-actions">
        <Button className="button button--primary" isPending={attach.isPending} onPress={submit}>
          Upload and attach
        </Button>
      </div>
    </>
  );
}

/** The file to upload: a picker, the chosen file's name, and what is wrong with it. */
function DocumentFileField({
  file,
  error,
  isDisabled,
  onSelect,
}: {
  file: File | null;
  error: string | undefined;
  isDisabled: boolean;
  onSelect: (files: FileList | null) => void;
}) {
  return (
    <div className="field xa-fieldset--wide">
      <Label className="field__label" id="document-file-label">
        File (PDF, PNG, JPEG or MP4, up to 20 MB)
      </Label>
      <div className="xa-upload">
        <FileTrigger acceptedFileTypes={UPLOAD_ACCEPT} onSelect={onSelect}>
          <Button
            className="button button--secondary button--small"
            aria-describedby="document-file-label"
            isDisabled={isDisabled}
          >
            Choose file
          </Button>
        </FileTrigger>
        <span className="muted" data-testid="document-file-name">
          {file ? file.name : 'No file chosen'}
        </span>
      </div>
      {error && <div className="field__error">{error}</div>}
    </div>
  );
}

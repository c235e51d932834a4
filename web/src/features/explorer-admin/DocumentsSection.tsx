import { useState } from 'react';
import { Button, FileTrigger, Heading, Label, Link, ProgressBar } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { BENEFIT_TYPE_SORT_ORDER, type StoredDocument } from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
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
  return (
    <ProgressBar className="progress" value={fraction * 100} aria-label={label}>
      {({ percentage }) => (
        <>
          <div className="progress__track">
            <div className="progress__fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
          <span className="progress__value">{Math.round(percentage ?? 0)}%</span>
        </>
      )}
    </ProgressBar>
  );
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

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
  const [error, setError] = useState<string | null>(null);
  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setError(uploadProblem(file));
    if (uploadProblem(file)) return;
    setProgress(0);
    try {
      onUploaded(await uploadDocument(file, setProgress));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="xa-upload">
      <FileTrigger acceptedFileTypes={acceptedFileTypes} onSelect={(files) => void choose(files)}>
        <Button className="button button--secondary button--small" isPending={progress !== null}>
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
  const { mutate } = useSWRConfig();
  // Attached here but perhaps not yet in the read model the page was loaded from.
  const [attached, setAttached] = useState<ExplorerDocumentBody[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [draft, setDraft] = useState<Draft>({ documentKey: '', name: '', benefitType: '', language: 'en' });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const shown = [
    ...documents.filter((d) => !attached.some((a) => a.documentId === d.documentId)),
    ...attached,
  ];
  const set = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    setFile(chosen);
    setDone(null);
    setFailure(null);
    setErrors({ file: uploadProblem(chosen) ?? undefined });
    setDraft((d) => ({ ...d, documentKey: chosen.name, name: withoutExtension(chosen.name) }));
  };

  const submit = async () => {
    setFailure(null);
    const found: DraftErrors = {};
    if (!file) found.file = 'Choose a file';
    else if (uploadProblem(file)) found.file = uploadProblem(file)!;
    if (draft.documentKey.trim() === '') found.documentKey = REQUIRED;
    if (draft.name.trim() === '') found.name = REQUIRED;
    if (draft.benefitType === '') found.benefitType = REQUIRED;
    setErrors(found);
    if (Object.values(found).some(Boolean) || !file) return;
    setProgress(0);
    try {
      const stored = await uploadDocument(file, setProgress);
      const document: ExplorerDocumentBody = {
        documentId: stored.documentId,
        documentKey: draft.documentKey.trim(),
        name: draft.name.trim(),
        benefitType: draft.benefitType,
        language: draft.language,
      };
      await attachDocument(clientId, explorerPageId, document);
      setAttached((list) => [...list, document]);
      setDone(`${document.name} was uploaded and attached.`);
      setFile(null);
      setDraft((d) => ({ ...d, documentKey: '', name: '' }));
      void mutate(explorerPagePath(clientId, explorerPageId));
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
        setErrors(caught.fieldErrors);
      setFailure(messageOf(caught));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="card" aria-labelledby="documents-title" data-testid="site-documents">
      <Heading level={2} id="documents-title" className="card__title">
        Summary documents ({shown.length})
      </Heading>
      {shown.length === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <ul className="xa-plans" aria-label="Documents">
          {shown.map((d) => (
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
      )}

      <Heading level={3} className="xa-section-title">
        Add a document
      </Heading>
      <div className="xa-fieldset">
        <div className="field xa-fieldset--wide">
          <Label className="field__label" id="document-file-label">
            File (PDF, PNG, JPEG or MP4, up to 20 MB)
          </Label>
          <div className="xa-upload">
            <FileTrigger acceptedFileTypes={UPLOAD_ACCEPT} onSelect={choose}>
              <Button
                className="button button--secondary button--small"
                aria-describedby="document-file-label"
                isDisabled={progress !== null}
              >
                Choose file
              </Button>
            </FileTrigger>
            <span className="muted" data-testid="document-file-name">
              {file ? file.name : 'No file chosen'}
            </span>
          </div>
          {errors.file && <div className="field__error">{errors.file}</div>}
        </div>
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(v) => set('name', v)}
          error={errors.name}
          isRequired
        />
        <TextInput
          label="Document key"
          value={draft.documentKey}
          onChange={(v) => set('documentKey', v)}
          error={errors.documentKey}
          description="One document per key is shown for each benefit type."
          isRequired
        />
        <SelectInput
          label="Benefit type"
          value={draft.benefitType}
          options={BENEFIT_TYPE_OPTIONS}
          onChange={(v) => set('benefitType', v)}
          error={errors.benefitType}
          isRequired
        />
        <SelectInput
          label="Language"
          value={draft.language}
          options={LANGUAGE_OPTIONS}
          onChange={(v) => set('language', v)}
          error={errors.language}
          isRequired
        />
      </div>
      {progress !== null && <UploadProgress label="Uploading the document" fraction={progress} />}
      {failure && <Alert tone="error">{failure}</Alert>}
      {done && (
        <Alert tone="success" testId="document-attached">
          {done}
        </Alert>
      )}
      <div className="xa-actions">
        <Button
          className="button button--primary"
          isPending={progress !== null}
          onPress={() => void submit()}
        >
          Upload and attach
        </Button>
      </div>
    </section>
  );
}

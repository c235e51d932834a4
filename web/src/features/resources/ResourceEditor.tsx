import { useState } from 'react';
import { Button, FileTrigger, Label } from '../../ui/controls.ts';
import {
  RESOURCE_AUDIENCES,
  RESOURCE_BENEFIT_TYPES,
  RESOURCE_REQUIRED_MESSAGE,
  resourceAudienceLabel,
  resourceBenefitTypeLabel,
  resourceDraftProblems,
  type ResourceField,
} from '@onboard/domain/web';
import { useAction } from '../../api/action.ts';
import { ApiError } from '../../api/errors.ts';
import { useDraft } from '../../ui/field-binding.ts';
import { withProgress } from '../../ui/upload-progress.ts';
import { CheckboxGroupInput } from '../../ui/Checkbox.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { Alert } from '../../ui/Feedback.tsx';
import { RadioInput } from '../../ui/RadioInput.tsx';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { UPLOAD_ACCEPT, uploadDocument, uploadProblem } from '../explorer-admin/documents-api.ts';
import { fileSizeLabel } from '../../ui/format.ts';
import { resourceFileKindLabel, type ResourceBody, type ResourceView } from './api.ts';

const KIND_OPTIONS = [
  { value: 'link', label: 'A link to a web page' },
  { value: 'document', label: 'A document to download' },
];
const BENEFIT_TYPE_OPTIONS = RESOURCE_BENEFIT_TYPES.map((t) => ({
  value: t,
  label: resourceBenefitTypeLabel(t),
}));
const AUDIENCE_OPTIONS = RESOURCE_AUDIENCES.map((a) => ({
  value: a,
  label: resourceAudienceLabel(a),
}));

type Kind = 'link' | 'document';
type Draft = {
  kind: Kind;
  title: string;
  description: string;
  benefitType: string;
  audiences: string[];
  url: string;
};
type KeptDocument = NonNullable<ResourceView['document']>;
type Errors = Partial<Record<ResourceField | 'kind', string>>;

const draftOf = (resource: ResourceView | null): Draft => ({
  kind: resource?.kind ?? 'link',
  title: resource?.title ?? '',
  description: resource?.description ?? '',
  benefitType: resource?.benefitType ?? '',
  audiences: resource ? [...resource.audiences] : [],
  url: resource?.url ?? '',
});

/** The domain's rules over the draft, and a document's file: chosen, or kept, and fit to upload. */
function draftProblems(draft: Draft, file: File | null, keptDocumentId: string, hasKept: boolean): Errors {
  const found: Errors = resourceDraftProblems({
    ...draft,
    content:
      draft.kind === 'link'
        ? { kind: 'link', url: draft.url }
        : { kind: 'document', documentId: file ? 'chosen' : keptDocumentId },
  });
  if (draft.kind === 'document') {
    if (!file && !hasKept) found.documentId = 'Choose a file';
    else if (file && uploadProblem(file)) found.documentId = uploadProblem(file)!;
  }
  return found;
}

/**
 * Add or edit one resource (staff): its kind, words, benefit type and audiences, and its address or file.
 * A chosen file is uploaded to the document store when saving; an edited document keeps its file unless
 * another is chosen. The same rules as the server check the answers first; its messages land on the fields.
 */
export function ResourceEditor({
  resource,
  onSave,
  onClose,
}: {
  /** null: a new resource. */
  resource: ResourceView | null;
  onSave: (body: ResourceBody) => Promise<void>;
  onClose: () => void;
}) {
  const { draft, errors, setErrors, set, bind } = useDraft<Draft, Errors>(() => draftOf(resource));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const keptDocument = resource?.kind === 'document' ? resource.document : null;
  const keptDocumentId = keptDocument ? '(kept)' : '';

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    setFile(chosen);
    setErrors((e) => ({ ...e, documentId: uploadProblem(chosen) ?? undefined }));
    if (draft.title.trim() === '') set('title', chosen.name.replace(/\.[a-z0-9]{2,5}$/i, ''));
  };

  const saving = useAction(
    async (chosen: File | null, body: Draft) => {
      const documentId =
        body.kind !== 'document'
          ? undefined
          : chosen
            ? (await withProgress(setProgress, (report) => uploadDocument(chosen, report))).documentId
            : keptDocument?.documentId;
      const { kind, title, description, benefitType, audiences, url } = body;
      await onSave({
        kind,
        title,
        description,
        benefitType,
        audiences,
        ...(kind === 'link' ? { url } : { documentId }),
      });
    },
    {
      onSuccess: onClose,
      onError: (caught) => {
        if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
          setErrors(caught.fieldErrors as Errors);
      },
    },
  );
  const [failure, isSaving] = [saving.error, saving.isPending];

  const save = () => {
    saving.clearError();
    const found = draftProblems(draft, file, keptDocumentId, Boolean(keptDocument));
    setErrors(found);
    if (!Object.values(found).some(Boolean)) void saving.run(file, draft);
  };

  return (
    <ModalDialog
      title={resource ? 'Edit resource' : 'Add a resource'}
      isOpen
      onOpenChange={(open) => !open && !isSaving && onClose()}
    >
      <form
        className="form form--stack resource-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {failure && <Alert tone="error">{failure}</Alert>}
        {!resource && (
          <RadioInput
            label="What is it?"
            name="kind"
            value={draft.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => set('kind', kind as Kind)}
          />
        )}
        <TextInput label="Title" {...bind.named('title')} isRequired />
        <TextInput label="Short description" {...bind.named('description')} isMultiline isRequired />
        <SelectInput
          label="Benefit type"
          {...bind.text('benefitType')}
          fieldKey="benefitType"
          options={BENEFIT_TYPE_OPTIONS}
          isRequired
        />
        <CheckboxGroupInput
          label="Who is it for?"
          fieldKey="audiences"
          value={draft.audiences}
          options={AUDIENCE_OPTIONS}
          onChange={(v) => set('audiences', v)}
          error={errors.audiences}
        />
        {draft.kind === 'link' ? (
          <TextInput
            label="Web address"
            {...bind.named('url')}
            type="url"
            placeholder="https://"
            description="The page opens in a new tab."
            isRequired
          />
        ) : (
          <ResourceFileField
            file={file}
            kept={keptDocument}
            progress={progress}
            error={errors.documentId}
            onSelect={choose}
          />
        )}
        <div className="dialog__actions">
          <Button className="button button--secondary" onPress={onClose} isDisabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" className="button button--primary" isPending={isSaving}>
            {resource ? 'Save changes' : 'Add resource'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** A document resource's file: the chosen or kept one, a picker, the upload's progress and the file's error. */
function ResourceFileField({
  file,
  kept,
  progress,
  error,
  onSelect,
}: {
  file: File | null;
  kept: KeptDocument | null;
  progress: number | null;
  error: string | undefined;
  onSelect: (files: FileList | null) => void;
}) {
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`} data-field="documentId">
      <Label className="field__label">File</Label>
      <p className="muted resource-editor__file" data-testid="resource-file">
        {file
          ? `${file.name} (${fileSizeLabel(file.size)})`
          : kept
            ? `${kept.fileName} (${resourceFileKindLabel(kept.mimeType)}, ${fileSizeLabel(kept.size)})`
            : 'No file chosen. A PDF, PNG, JPEG or MP4 file of up to 20 MB.'}
      </p>
      <FileTrigger acceptedFileTypes={UPLOAD_ACCEPT} onSelect={onSelect}>
        <Button className="button button--secondary button--small resource-editor__choose">
          {file || kept ? 'Choose another file' : 'Choose a file'}
        </Button>
      </FileTrigger>
      {progress !== null && (
        <p className="muted" aria-live="polite">
          Uploading… {Math.round(progress * 100)}%
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error === RESOURCE_REQUIRED_MESSAGE ? 'Choose a file' : error}
        </p>
      )}
    </div>
  );
}

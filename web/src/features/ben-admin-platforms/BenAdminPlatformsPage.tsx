import { TableHead } from '../../ui/TableHead.tsx';
import { useState } from 'react';
import { Button } from '../../ui/controls.ts';
import { useAction } from '../../api/action.ts';
import { ApiError } from '../../api/errors.ts';
import { useDraft } from '../../ui/field-binding.ts';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import {
  useAllBenAdminPlatforms,
  useBenAdminPlatformWrites,
  type BenAdminPlatformBody,
  type BenAdminPlatformView,
} from './api.ts';

type Errors = Partial<Record<'name' | 'website', string>>;
type Draft = { name: string; website: string; supportsDataFeeds: boolean };
const EMPTY: Draft = { name: '', website: '', supportsDataFeeds: false };

/** The add or edit form: the server's rules answer on the fields (a duplicate name on the name). */
function PlatformForm({
  platform,
  onSave,
  onDone,
}: {
  platform: BenAdminPlatformView | null;
  onSave: (body: BenAdminPlatformBody) => Promise<void>;
  onDone: () => void;
}) {
  const { draft, setDraft, setErrors, bind } = useDraft<Draft, Errors>(() =>
    platform
      ? { name: platform.name, website: platform.website, supportsDataFeeds: platform.supportsDataFeeds }
      : EMPTY,
  );
  const saving = useAction(onSave, {
    onSuccess: () => {
      setDraft(EMPTY);
      onDone();
    },
    onError: (caught) => {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
        setErrors(caught.fieldErrors as Errors);
    },
  });
  const save = () => {
    saving.clearError();
    if (draft.name.trim() === '') setErrors({ name: 'Please provide a response' });
    else void saving.run(draft);
  };
  const [failure, isSaving] = [saving.error, saving.isPending];
  return (
    <form
      className="form form--stack"
      aria-label={platform ? `Edit ${platform.name}` : 'Add a platform'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextInput label="Platform name" {...bind.named('name')} isRequired />
      <TextInput label="Website" {...bind.named('website')} type="url" placeholder="https://" />
      <CheckboxInput name="supportsDataFeeds" {...bind.flag('supportsDataFeeds')}>
        Supports data feeds
      </CheckboxInput>
      <div className="form__actions">
        <Button type="submit" className="button button--primary" isDisabled={isSaving}>
          {platform ? 'Save changes' : 'Add platform'}
        </Button>
        {platform && (
          <Button className="button button--secondary" onPress={onDone} isDisabled={isSaving}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Staff keep the catalogue of benefits-administration platforms (platform §7 Other) that the EIF's
 * benefits-administration sub-step and the Explorer's site form offer: add, edit, retire.
 */
export function BenAdminPlatformsPage() {
  const { data, error } = useAllBenAdminPlatforms();
  const writes = useBenAdminPlatformWrites();
  const [editing, setEditing] = useState<string | null>(null);
  const retire = useAction((platform: BenAdminPlatformView) => writes.retire(platform.platformId));
  const failure = retire.error;
  if (error) return <ErrorPanel error={error} />;
  if (!data) return <PageSkeleton />;
  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>Benefits administration platforms</h1>
      </div>
      <p>The platforms employers can name for benefits administration, in the EIF and on Explorer sites.</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <table className="table xa-table" aria-label="Benefits administration platforms">
        <TableHead
          columns={[
            'Name',
            'Website',
            'Data feeds',
            'Status',
            <span className="visually-hidden">Actions</span>,
          ]}
        />
        <tbody>
          {data.map((platform) =>
            editing === platform.platformId ? (
              <tr key={platform.platformId}>
                <td colSpan={5}>
                  <PlatformForm
                    platform={platform}
                    onSave={(body) => writes.edit(platform.platformId, body)}
                    onDone={() => setEditing(null)}
                  />
                </td>
              </tr>
            ) : (
              <tr key={platform.platformId} data-testid="ben-admin-platform">
                <td>{platform.name}</td>
                <td>
                  {platform.website ? (
                    <a href={platform.website} target="_blank" rel="noreferrer">
                      {platform.website}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{platform.supportsDataFeeds ? 'Yes' : 'No'}</td>
                <td>{platform.active ? 'Active' : 'Retired'}</td>
                <td>
                  <Button
                    className="button button--link"
                    aria-label={`Edit ${platform.name}`}
                    onPress={() => setEditing(platform.platformId)}
                  >
                    Edit
                  </Button>
                  {platform.active && (
                    <Button
                      className="button button--link"
                      aria-label={`Retire ${platform.name}`}
                      onPress={() => void retire.run(platform)}
                    >
                      Retire
                    </Button>
                  )}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      <h2>Add a platform</h2>
      <PlatformForm platform={null} onSave={writes.add} onDone={() => undefined} />
    </div>
  );
}

import { ListGroup } from '../../ui/TitledSection.tsx';
import { lazy, Suspense, useState } from 'react';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Button, Heading } from '../../ui/controls.ts';
import {
  RESOURCE_AUDIENCES,
  RESOURCE_BENEFIT_TYPES,
  resourceAudienceLabel,
  resourceBenefitTypeLabel,
} from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { downloadFile } from '../../api/download.ts';
import { useAuthenticatedUser, useClient } from '../../api/hooks.ts';
import { isAdminRole } from '../../api/types.ts';
import { ConfirmDialog } from '../../ui/Dialogs.tsx';
import { NoticeAlert } from '../../ui/Feedback.tsx';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { fileSizeLabel } from '../../ui/format.ts';
import {
  matchesSearch,
  resourceFileKindLabel,
  useResources,
  useResourceWrites,
  type ResourceView,
} from './api.ts';
import './resources.css';
import { QueryFallback } from '../../ui/QueryState.tsx';
import { useAction } from '../../api/action.ts';

// The editor (and its form controls and upload) loads when staff open it.
const ResourceEditor = lazy(() =>
  import('./ResourceEditor.tsx').then((m) => ({ default: m.ResourceEditor })),
);

const ALL = '';
const BENEFIT_FILTER = [
  { value: ALL, label: 'All benefit types' },
  ...RESOURCE_BENEFIT_TYPES.map((t) => ({ value: t, label: resourceBenefitTypeLabel(t) })),
];
const AUDIENCE_FILTER = [
  { value: ALL, label: 'Everyone' },
  ...RESOURCE_AUDIENCES.map((a) => ({ value: a, label: resourceAudienceLabel(a) })),
];

type Notice = { tone: 'success' | 'error'; text: string };
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

/** How one resource opens: a link in a new tab, a document as a download. */
function OpenResource({
  resource,
  onFailure,
}: {
  resource: ResourceView;
  onFailure: (text: string) => void;
}) {
  const downloading = useAction(downloadFile, { onError: (error) => onFailure(messageOf(error)) });
  if (resource.kind === 'link' && resource.url)
    return (
      <a className="resource__title text-link" href={resource.url} target="_blank" rel="noopener noreferrer">
        {resource.title}
        <span className="visually-hidden"> (opens in a new tab)</span>
        <span className="resource__external" aria-hidden="true">
          ↗
        </span>
      </a>
    );
  const document = resource.document;
  if (!document) return <span className="resource__title">{resource.title}</span>;
  return (
    <Button
      className="button button--link resource__title"
      onPress={() => void downloading.run(document.downloadPath)}
      isPending={downloading.isPending}
      aria-label={`Download ${resource.title}`}
    >
      {resource.title}
      <span className="resource__external" aria-hidden="true">
        ↓
      </span>
    </Button>
  );
}

function ResourceItem({
  resource,
  canManage,
  onEdit,
  onRemove,
  onFailure,
}: {
  resource: ResourceView;
  canManage: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onFailure: (text: string) => void;
}) {
  const { document } = resource;
  return (
    <li className="resource" data-testid="resource">
      <div className="resource__body">
        <OpenResource resource={resource} onFailure={onFailure} />
        <p className="resource__description">{resource.description}</p>
        <div className="resource__meta">
          <span className="resource__kind">
            {document
              ? `${resourceFileKindLabel(document.mimeType)} · ${fileSizeLabel(document.size)}`
              : 'Web page'}
          </span>
          {resource.audienceLabels.map((label) => (
            <span key={label} className="badge resource__audience">
              {label}
            </span>
          ))}
        </div>
      </div>
      {canManage && (
        <div className="resource__actions">
          <Button className="button button--secondary button--small" onPress={onEdit}>
            Edit<span className="visually-hidden"> {resource.title}</span>
          </Button>
          <Button className="button button--secondary button--small" onPress={onRemove}>
            Remove<span className="visually-hidden"> {resource.title}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The client's enrollment and onboarding resources (onboarding §2 /resources-listing): grouped by benefit
 * type, General first, searchable by title and description and filtered by benefit type and audience.
 * Links open in a new tab; documents download. Staff add, edit and remove them.
 */
export function ResourcesPage({ clientId }: { clientId: string }) {
  const { data: user } = useAuthenticatedUser();
  const { data: client } = useClient(clientId);
  const { data: resources, error } = useResources(clientId);
  const writes = useResourceWrites(clientId);
  const [search, setSearch] = useState('');
  const [benefitType, setBenefitType] = useState(ALL);
  const [audience, setAudience] = useState(ALL);
  const [editing, setEditing] = useState<ResourceView | 'new' | null>(null);
  const [removing, setRemoving] = useState<ResourceView | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const canManage = user ? isAdminRole(user.role) : false;

  const shown = (resources ?? []).filter(
    (r) =>
      (benefitType === ALL || r.benefitType === benefitType) &&
      (audience === ALL || r.audiences.some((a) => a === audience)) &&
      matchesSearch(r, search),
  );
  const groups = RESOURCE_BENEFIT_TYPES.map((type) => ({
    type,
    label: resourceBenefitTypeLabel(type),
    items: shown.filter((r) => r.benefitType === type),
  })).filter((group) => group.items.length > 0);
  const isFiltered = search.trim() !== '' || benefitType !== ALL || audience !== ALL;

  const remove = async () => {
    if (!removing) return;
    setIsRemoving(true);
    try {
      await writes.remove(removing);
      setNotice({ tone: 'success', text: `${removing.title} was removed.` });
    } catch (caught) {
      setNotice({ tone: 'error', text: messageOf(caught) });
      void writes.reload();
    } finally {
      setIsRemoving(false);
      setRemoving(null);
    }
  };

  return (
    <div className="page page--wide">
      <div className="page__header page__header--row">
        <div>
          <p className="eyebrow">{client?.name ?? 'Client hub'}</p>
          <Heading level={1}>Resources</Heading>
          <p className="muted">Enrollment and onboarding guides, forms and links for this client.</p>
        </div>
        {canManage && (
          <Button className="button button--primary" onPress={() => setEditing('new')}>
            Add a resource
          </Button>
        )}
      </div>
      <NoticeAlert notice={notice} testId="resources-notice" />
      <section className="card list-filters resources-filters" aria-label="Find a resource">
        <SearchBox value={search} onChange={setSearch} placeholder="Title or description" />
        <SelectInput
          label="Benefit type"
          value={benefitType}
          options={BENEFIT_FILTER}
          onChange={(v) => setBenefitType(v)}
          placeholder="All benefit types"
        />
        <SelectInput
          label="Audience"
          value={audience}
          options={AUDIENCE_FILTER}
          onChange={(v) => setAudience(v)}
          placeholder="Everyone"
        />
      </section>
      {!resources && <QueryFallback error={error} />}
      {resources && groups.length === 0 && (
        <section className="card">
          <p className="muted" data-testid="resources-empty">
            {isFiltered
              ? 'No resources match your search.'
              : canManage
                ? 'No resources yet. Add the first one for this client.'
                : 'No resources have been shared yet.'}
          </p>
        </section>
      )}
      {groups.map((group) => (
        <ListGroup
          key={group.type}
          id={`resources-${group.type}`}
          label={group.label}
          count={group.items.length}
          testId={`resource-group-${group.type}`}
          listClassName="resource-list"
        >
          {group.items.map((resource) => (
            <ResourceItem
              key={resource.resourceId}
              resource={resource}
              canManage={canManage}
              onEdit={() => setEditing(resource)}
              onRemove={() => setRemoving(resource)}
              onFailure={(text) => setNotice({ tone: 'error', text })}
            />
          ))}
        </ListGroup>
      ))}
      {editing && (
        <Suspense fallback={null}>
          <ResourceEditor
            resource={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSave={async (body) => {
              const title = body.title.trim();
              if (editing === 'new') await writes.add(body);
              else await writes.edit(editing, body);
              setNotice({ tone: 'success', text: `${title} was ${editing === 'new' ? 'added' : 'saved'}.` });
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        title="Remove this resource?"
        message={
          removing
            ? `“${removing.title}” will no longer be listed for the client’s people.`
            : 'The resource will no longer be listed.'
        }
        confirmLabel="Remove"
        isOpen={removing !== null}
        isPending={isRemoving}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      />
    </div>
  );
}

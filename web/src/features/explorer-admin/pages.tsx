import type { SiteRef } from './api.ts';
import { useState, type FormEvent } from 'react';
import { Button, Form, Heading, Link } from '../../ui/controls.ts';
import { useLocation } from 'wouter';
import { validateExplorerSite } from '@onboard/domain/web';
import { ApiError } from '../../api/errors.ts';
import { useClient } from '../../api/hooks.ts';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { clientManagePath } from '../../app/routes.ts';
import {
  createExplorerSite,
  editExplorerSitePath,
  publicExplorerPath,
  renewExplorerSite,
  updateExplorerSite,
  useExplorerSite,
  useRefreshExplorerSites,
  type ExplorerSiteView,
} from './api.ts';
import { TextInput } from '../../ui/TextInput.tsx';
import { explorerSupportPath } from './support-api.ts';
import { draftOfSite, emptySiteDraft, isoOf, type Errors } from './form-model.ts';
import { useDraft } from '../../ui/field-binding.ts';
import { DocumentsSection } from './DocumentsSection.tsx';
import { attachDocument } from './documents-api.ts';
import { SiteForm } from './SiteForm.tsx';
import { PlanYearInput } from './SiteFields.tsx';
import { UpdateTracking } from './UpdateTracking.tsx';
import './explorer-admin.css';
import { useAction } from '../../api/action.ts';

function Header({
  clientId,
  title,
  children,
}: {
  clientId: string;
  title: string;
  children?: React.ReactNode;
}) {
  const { data: client } = useClient(clientId);
  return (
    <div className="page__header">
      <Link href={clientManagePath(clientId)} className="back-link">
        <span aria-hidden="true">←</span> {client?.name ?? 'Client'}
      </Link>
      <div className="page__header--row">
        <Heading level={1}>{title}</Heading>
        {children && <div className="xa-actions">{children}</div>}
      </div>
    </div>
  );
}

/** explorer §2 createBenefitsExplorerSite. */
export function CreateExplorerSitePage({ clientId }: { clientId: string }) {
  const [, navigate] = useLocation();
  const refresh = useRefreshExplorerSites(clientId);
  return (
    <div className="page page--wide">
      <Header clientId={clientId} title="New Benefits Explorer site" />
      <SiteForm
        initialSite={emptySiteDraft()}
        initialPlans={[]}
        submitLabel="Create site"
        onCancel={() => navigate(clientManagePath(clientId))}
        onSubmit={async (site, plans, logo) => {
          const created = await createExplorerSite(clientId, { ...site, benefits: plans });
          // The site exists now; its logo becomes one of its documents so the public page can serve it.
          if (logo) await attachDocument(clientId, created.id, logo);
          void refresh();
          navigate(`${editExplorerSitePath(clientId, created.id)}?created=1`);
        }}
      />
    </div>
  );
}

function EditForm({ clientId, site }: { clientId: string; site: ExplorerSiteView }) {
  const [, navigate] = useLocation();
  const refresh = useRefreshExplorerSites(clientId);
  const [version, setVersion] = useState(site.version);
  const [saved, setSaved] = useState(
    typeof window !== 'undefined' && window.location.search.includes('created=1')
      ? 'The site was created.'
      : '',
  );
  return (
    <>
      {saved && (
        <Alert tone="success" testId="site-saved">
          {saved}
        </Alert>
      )}
      <SiteForm
        initialSite={draftOfSite(site)}
        initialPlans={site.benefits}
        documents={site.documents ?? []}
        submitLabel="Save changes"
        onCancel={() => navigate(clientManagePath(clientId))}
        onSubmit={async (attributes, plans, logo) => {
          setSaved('');
          const answer = await updateExplorerSite(clientId, site.id, version, {
            ...attributes,
            benefits: plans,
          });
          setVersion(answer.version);
          if (logo) {
            const attached = await attachDocument(clientId, site.id, logo);
            setVersion(attached.version);
          }
          setSaved('Your changes were saved.');
          void refresh();
        }}
      />
    </>
  );
}

/** explorer §2 editBenefitsExplorerSite. */
export function EditExplorerSitePage({ clientId, explorerPageId }: SiteRef) {
  const { data: site, error } = useExplorerSite(clientId, explorerPageId);
  return (
    <div className="page page--wide">
      <Header clientId={clientId} title={site ? `Edit ${site.name}` : 'Edit Benefits Explorer site'}>
        {site && (
          <>
            <UpdateTracking clientId={clientId} explorerPageId={explorerPageId} />
            <Link
              className="button button--secondary"
              href={publicExplorerPath(explorerPageId)}
              target="_blank"
            >
              Open public page
            </Link>
            <Link className="button button--secondary" href={explorerSupportPath(clientId, explorerPageId)}>
              Support conversations
            </Link>
          </>
        )}
      </Header>
      {error && !site && <ErrorPanel error={error} />}
      {!site && !error && <PageSkeleton />}
      {/* The form starts from the version it loaded; later refetches must not reset typed values. */}
      {site && <EditForm key={site.id} clientId={clientId} site={site} />}
      {site && (
        <DocumentsSection clientId={clientId} explorerPageId={site.id} documents={site.documents ?? []} />
      )}
    </div>
  );
}

/** explorer §2 renewBenefitsExplorerSite: next year's dates, then the linked new site opens for editing. */
export function RenewExplorerSitePage({ clientId, explorerPageId }: SiteRef) {
  const { data: site, error } = useExplorerSite(clientId, explorerPageId);
  const [, navigate] = useLocation();
  const refresh = useRefreshExplorerSites(clientId);
  const {
    draft: values,
    setErrors,
    bind,
  } = useDraft<{ planYear: string; startsAt: string; expiresAt: string; vanitySlug: string }, Errors>({
    planYear: '',
    startsAt: '',
    expiresAt: '',
    vanitySlug: '',
  });
  const renew = useAction(
    async (body: Parameters<typeof renewExplorerSite>[2]) => {
      const created = await renewExplorerSite(clientId, explorerPageId, body);
      void refresh();
      navigate(`${editExplorerSitePath(clientId, created.id)}?created=1`);
    },
    { onError: (caught) => caught instanceof ApiError && setErrors(caught.fieldErrors) },
  );
  // Refusals of a field show at the field; anything else above the buttons.
  const failure = Object.keys(renew.fieldErrors).length > 0 ? null : renew.error;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The renewal's own fields, under the domain's site rules (the rest is copied from a valid site).
    const rules = validateExplorerSite({
      planYear: values.planYear,
      vanitySlug: values.vanitySlug,
      startsAt: isoOf(values.startsAt),
      expiresAt: isoOf(values.expiresAt),
    });
    const found: Errors = {};
    for (const key of Object.keys(values) as (keyof typeof values)[]) {
      const message = rules[key];
      if (message) found[key] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void renew.run({
      planYear: values.planYear.trim(),
      startsAt: isoOf(values.startsAt),
      expiresAt: isoOf(values.expiresAt),
      vanitySlug: values.vanitySlug.trim() === '' ? null : values.vanitySlug.trim(),
    });
  };

  return (
    <div className="page">
      <Header clientId={clientId} title={site ? `Renew ${site.name}` : 'Renew Benefits Explorer site'} />
      {error && !site && <ErrorPanel error={error} />}
      {!site && !error && <PageSkeleton />}
      {site && site.newExplorerPageId && (
        <Alert tone="warning">
          This site was already renewed.{' '}
          <Link className="text-link" href={editExplorerSitePath(clientId, site.newExplorerPageId)}>
            Open the renewed site
          </Link>
        </Alert>
      )}
      {site && !site.newExplorerPageId && (
        <section className="card">
          <p className="muted">
            The new site copies the plans and settings of plan year {site.planYear} and links back to it. Its
            vanity URL starts empty unless you give one here.
          </p>
          <Form className="xa-form" onSubmit={submit} validationBehavior="aria">
            <div className="xa-fieldset">
              <PlanYearInput label="New plan year" {...bind.text('planYear')} />
              <TextInput label="New start date" type="date" {...bind.text('startsAt')} />
              <TextInput label="New end date" type="date" {...bind.text('expiresAt')} />
              <TextInput label="New vanity URL" {...bind.text('vanitySlug')} />
            </div>
            {failure && <Alert tone="error">{failure}</Alert>}
            <div className="xa-actions">
              <Button type="submit" className="button button--primary" isPending={renew.isPending}>
                Renew site
              </Button>
              <Link className="button button--secondary" href={clientManagePath(clientId)}>
                Cancel
              </Link>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}

import { Heading, Link } from '../../ui/controls.ts';
import { useEditingView, type EditingView } from './forms/api.ts';
import { useClient } from '../../api/hooks.ts';
import { DownloadSummaryButton, EifStatusBadge, FormSummary } from './Eif.tsx';
import { EifLayout } from './forms/EifLayout.tsx';
import { eifReviewPath } from './forms/navigation.ts';
import { QueryState } from '../../ui/QueryState.tsx';

/**
 * The whole EIF read-only (onboarding §2 /summary), grouped by step and sub-step (components/Eif.tsx
 * FormSummary, shared with review & submit), with the PDF download.
 */

function Summary({ view }: { view: EditingView }) {
  return (
    <section className="card step-card eif-form-summary" aria-labelledby="summary-title">
      <p className="eyebrow">Employer Information Form</p>
      <div className="card__header">
        <Heading level={2} id="summary-title" className="step-card__title">
          Summary
        </Heading>
        <EifStatusBadge client={view} />
      </div>
      <div className="button-row eif-form-summary__actions">
        <DownloadSummaryButton clientId={view.id}>Download PDF</DownloadSummaryButton>
        <Link className="button eif-form__quiet" href={eifReviewPath(view.id)}>
          Go to review &amp; submit
        </Link>
      </div>
      <FormSummary client={view} editable />
    </section>
  );
}

/** `/summary`: the accepted form, pending changes marked, with the PDF download. */
export function EifSummaryPage({ clientId }: { clientId: string }) {
  // The answers shown are the accepted ones (pending marked); the step list, as on every EIF page, reads
  // the editing view.
  const { data: accepted, error } = useClient(clientId);
  const { data: editing, error: editingError } = useEditingView(clientId);
  return (
    <EifLayout clientId={clientId} view={editing} error={editingError} place={{ page: 'summary' }}>
      {() => (
        <QueryState data={accepted} error={error}>
          {(view) => <Summary view={view as EditingView} />}
        </QueryState>
      )}
    </EifLayout>
  );
}

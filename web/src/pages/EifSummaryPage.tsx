import { useState } from 'react';
import { Button, Heading, Link } from 'react-aria-components';
import { eifFormSummary, type AnswerGroup } from '../../../domain/src/eif/forms/summary.ts';
import { downloadEifSummary } from '../api/download.ts';
import { GENERIC_ERROR_MESSAGE } from '../api/errors.ts';
import { useEditingView, type EditingView } from '../api/eif-forms.ts';
import { useClient } from '../api/hooks.ts';
import { EifStatusBadge, PendingBadge } from '../components/Eif.tsx';
import { Alert, ErrorPanel, PageSkeleton } from '../components/Feedback.tsx';
import { EifLayout } from '../eif-forms/EifLayout.tsx';
import { eifReviewPath, eifSubStepPath } from '../eif-forms/navigation.ts';
import { asDomainView } from '../eif-forms/status.ts';

/**
 * The whole EIF read-only (onboarding §2 /summary), grouped by step and sub-step: the accepted answers,
 * each pending post-sign change marked beside the answer it would replace. It reads the same summary as
 * the PDF, so the two never disagree.
 */

function Group({ group }: { group: AnswerGroup }) {
  return (
    <div className="eif-form-summary__group" data-testid="summary-group">
      <p className="eif-form-summary__group-title">
        {group.title}
        {group.pending && <PendingBadge>{group.pending === 'Added' ? 'added' : 'removed'}</PendingBadge>}
      </p>
      <dl className="answers">
        {group.lines.map((line, index) => (
          <div key={`${line.label}/${index}`} className="answer">
            <dt className="answer__label">{line.label}</dt>
            <dd className="answer__value">
              <span>{line.value}</span>
              {line.pending !== undefined && (
                <PendingBadge>
                  <span data-testid="pending-value">{line.pending}</span>
                </PendingBadge>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function DownloadPdfButton({ clientId }: { clientId: string }) {
  const [isPending, setIsPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setIsPending(true);
    setFailure(null);
    try {
      await downloadEifSummary(clientId);
    } catch (caught) {
      setFailure(caught instanceof Error && caught.message ? caught.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setIsPending(false);
    }
  };
  return (
    <>
      <Button className="button button--secondary" isPending={isPending} onPress={() => void download()}>
        Download PDF
      </Button>
      {failure && (
        <Alert tone="error" testId="summary-download-error">
          {failure}
        </Alert>
      )}
    </>
  );
}

function Summary({ view }: { view: EditingView }) {
  const steps = eifFormSummary(asDomainView(view)).filter((step) => step.subSteps.length > 0);
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
        <DownloadPdfButton clientId={view.id} />
        <Link className="button eif-form__quiet" href={eifReviewPath(view.id)}>
          Go to review &amp; submit
        </Link>
      </div>
      {steps.map((step) => (
        <section key={step.id} className="eif-form-summary__step" aria-labelledby={`summary-${step.id}`}>
          <Heading level={3} id={`summary-${step.id}`} className="summary__step">
            {step.label}
          </Heading>
          {step.subSteps.map((subStep) => (
            <section
              key={subStep.id}
              className="eif-form-summary__sub"
              aria-label={subStep.label}
              data-testid={`summary-${subStep.id}`}
            >
              <div className="eif-form-summary__sub-head">
                <Heading level={4} className="eif-form-summary__sub-title">
                  {subStep.label}
                </Heading>
                <span className="eif-form-summary__status">{subStep.status}</span>
                <Link className="text-link" href={eifSubStepPath(view.id, step.id, subStep.id)}>
                  Edit<span className="visually-hidden"> {subStep.label}</span>
                </Link>
              </div>
              {subStep.groups.map((group, index) => (
                <Group key={`${group.title}/${index}`} group={group} />
              ))}
            </section>
          ))}
        </section>
      ))}
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
      {() =>
        accepted ? (
          <Summary view={accepted as EditingView} />
        ) : error ? (
          <ErrorPanel error={error} />
        ) : (
          <PageSkeleton />
        )
      }
    </EifLayout>
  );
}

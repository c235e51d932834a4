import { Heading, Link } from 'react-aria-components';
import { useClient } from '../api/hooks.ts';
import { AnswerRow, EditStateBanner, EifStatusBadge, PendingBadge } from '../components/Eif.tsx';
import { ErrorPanel, PageSkeleton } from '../components/Feedback.tsx';
import { EIF_STEPS, groupByPlacement } from '../eif/steps.ts';
import { pendingOf, placeChange } from '../eif/view.ts';
import { reviewSubmitPath, taxIdPath } from '../routes.ts';

const COMPANY_INFORMATION = EIF_STEPS[0]!;

/**
 * The client hub home (onboarding §2 leaves its content open): the EIF's company-information sub-steps,
 * each with its accepted answer and, when a post-sign change waits, the pending value marked for review.
 */
export function ClientHubPage({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);
  if (error && !client)
    return (
      <div className="page">
        <ErrorPanel error={error} />
      </div>
    );
  if (!client)
    return (
      <div className="page">
        <PageSkeleton />
      </div>
    );
  const pendingBySubStep = new Map(
    groupByPlacement(pendingOf(client), placeChange).map((g) => [g.subStep.id, g.items.length]),
  );

  return (
    <div className="page">
      <div className="page__header page__header--row">
        <div>
          <p className="eyebrow">Client hub</p>
          <Heading level={1}>{client.name}</Heading>
        </div>
        <EifStatusBadge client={client} />
      </div>
      <EditStateBanner client={client} />
      <section className="card" aria-labelledby="eif-task">
        <div className="card__header">
          <Heading level={2} id="eif-task" className="card__title">
            Submit Company Information
          </Heading>
          <Link className="button button--primary" href={reviewSubmitPath(clientId)}>
            Review &amp; submit
          </Link>
        </div>
        <ol className="substep-list">
          {COMPANY_INFORMATION.subSteps.map((subStep) => {
            const pendingCount = pendingBySubStep.get(subStep.id) ?? 0;
            return (
              <li key={subStep.id} className="substep" data-testid={`substep-${subStep.id}`}>
                <div className="substep__head">
                  <span className="substep__title">{subStep.label}</span>
                  {pendingCount > 0 && subStep.id !== 'tax-id' && <PendingBadge>{pendingCount}</PendingBadge>}
                  {subStep.id === 'tax-id' && (
                    <Link className="text-link substep__link" href={taxIdPath(clientId)}>
                      Edit
                    </Link>
                  )}
                </div>
                {subStep.id === 'tax-id' && (
                  <dl className="answers answers--single">
                    <AnswerRow
                      label="Federal Tax ID (EIN)"
                      client={client}
                      entity="Client"
                      entityId={client.id}
                      attributeKey="taxId"
                      accepted={client.taxId}
                    />
                  </dl>
                )}
                {subStep.id === 'current-sun-life-policies' && (
                  <p className="muted substep__note">
                    {client.policies.map((p) => `Policy ${String(p.slfPolicyNumber)}`).join(', ') ||
                      'No policies'}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}

import type { ReactNode } from 'react';
export { EditStateBanner } from './EditStateBanner.tsx';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { eifFormSummary, type AnswerGroup } from '@onboard/domain/web';
import { downloadEifSummary } from '../../api/download.ts';
import { anyErrorMessage } from '../../api/errors.ts';
import type { ClientView } from '../../api/types.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { signerKindName } from './steps.ts';
import { eifSubStepPath } from './forms/navigation.ts';
import { formatWhen } from '../../ui/format.ts';
import { asDomainView } from './forms/status.ts';
import { isSigned } from './view.ts';
import { useAction } from '../../api/action.ts';

export function EifStatusBadge({ client }: { client: ClientView }) {
  return isSigned(client) ? (
    <span className="status-pill status-pill--success" data-testid="eif-status">
      Signed
    </span>
  ) : (
    <span className="status-pill status-pill--info" data-testid="eif-status">
      Not signed
    </span>
  );
}

export function PendingBadge({ children }: { children?: ReactNode }) {
  return (
    <span className="pending-badge" data-testid="pending-badge">
      <span className="pending-badge__label">Pending review</span>
      {children}
    </span>
  );
}

function AnswerGroupView({ group }: { group: AnswerGroup }) {
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
              <span data-testid="accepted-value">{line.value}</span>
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

/**
 * The whole form read-only, grouped by step and sub-step with each sub-step's status: the accepted
 * answers in words, each pending post-sign change marked beside the answer it would replace. It reads
 * the same summary as the PDF (domain eifFormSummary), so the screens and the PDF never disagree. With
 * `editable`, each sub-step links to its form (not for outside signers or past revisions).
 */
export function FormSummary({ client, editable = false }: { client: ClientView; editable?: boolean }) {
  const steps = eifFormSummary(asDomainView(client)).filter((step) => step.subSteps.length > 0);
  return (
    <div className="form-summary" data-testid="form-summary">
      {steps.map((step) => (
        <section key={step.id} className="eif-form-summary__step" aria-labelledby={`summary-${step.id}`}>
          <Heading level={3} id={`summary-${step.id}`} className="summary__step">
            {step.label}
          </Heading>
          {step.subSteps.map((subStep) => (
            <section
              key={subStep.id}
              className="eif-form-summary__sub"
              id={`summary-sub-${subStep.id}`}
              aria-label={subStep.label}
              data-testid={`summary-${subStep.id}`}
            >
              <div className="eif-form-summary__sub-head">
                <Heading level={4} className="eif-form-summary__sub-title">
                  {subStep.label}
                </Heading>
                <span className="eif-form-summary__status">{subStep.status}</span>
                {editable && (
                  <Link className="text-link" href={eifSubStepPath(client.id, step.id, subStep.id)}>
                    Edit<span className="visually-hidden"> {subStep.label}</span>
                  </Link>
                )}
              </div>
              {subStep.groups.map((group, index) => (
                <AnswerGroupView key={`${group.title}/${index}`} group={group} />
              ))}
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}

/** The EIF summary as a PDF (platform §7 eif-summary), times in the browser's zone. */
export function DownloadSummaryButton({ clientId, children }: { clientId: string; children: ReactNode }) {
  const download = useAction(downloadEifSummary, { describe: anyErrorMessage });
  return (
    <>
      <Button
        className="button button--secondary"
        isPending={download.isPending}
        onPress={() => void download.run(clientId)}
      >
        {children}
      </Button>
      {download.error && (
        <Alert tone="error" testId="summary-download-error">
          {download.error}
        </Alert>
      )}
    </>
  );
}

/** The names the server resolved for a view's ids (`people`), if any. */
export const peopleOf = (client: ClientView | null | undefined): Readonly<Record<string, string>> =>
  (client?.people as Record<string, string> | undefined) ?? {};

/** The EIF stamps of onboarding §3 as a definition list. */
export function StampList({ client }: { client: ClientView }) {
  const people = peopleOf(client);
  // A stamp names a user (or an outside signer's invitation): by name and role, never by id.
  const who = (id: string | null | undefined) => (id ? (people[id] ?? 'someone') : '—');
  const rows: [string, ReactNode][] = [
    [
      'Signed',
      client.eifSignedAt
        ? `${formatWhen(client.eifSignedAt)} by ${who(client.eifSignedBy ?? client.eifOutsideSignedBy)}`
        : '—',
    ],
    ['Signer', signerKindName(client.eifSignerKind)],
    ['Outside signer', client.eifOutsideSignedBy ? who(client.eifOutsideSignedBy) : '—'],
    [
      'Ready for review',
      client.deifChangesReadyForReviewAt
        ? `${formatWhen(client.deifChangesReadyForReviewAt)} by ${who(client.deifChangesReadyForReviewBy)}`
        : '—',
    ],
    [
      'Last accepted',
      client.deifChangesAcceptedAt
        ? `${formatWhen(client.deifChangesAcceptedAt)} by ${who(client.deifChangesAcceptedBy)}`
        : '—',
    ],
    [
      'Last declined',
      client.deifChangesDeclinedAt
        ? `${formatWhen(client.deifChangesDeclinedAt)} by ${who(client.deifChangesDeclinedBy)}${
            client.deifChangesDeclinedReason ? ` — “${client.deifChangesDeclinedReason}”` : ''
          }`
        : '—',
    ],
    [
      'IC edits undone',
      client.deifChangesUndoneAt
        ? `${formatWhen(client.deifChangesUndoneAt)} by ${who(client.deifChangesUndoneBy)}`
        : '—',
    ],
  ];
  return (
    <dl className="answers answers--compact" data-testid="eif-stamps">
      {rows.map(([label, value]) => (
        <div key={label} className="answer">
          <dt className="answer__label">{label}</dt>
          <dd className="answer__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useAtom } from '../../state/store.ts';
import { Button, Cell, Column, Heading, Row, Table, TableBody, TableHeader } from '../../ui/controls.ts';
import { planBenefitTypeLabel, type PlanCheck, type PlanDesign } from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { call, get, useRead } from '../../api/client.ts';
import { isAdminRole, type AuthenticatedUser } from '../../api/types.ts';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { useEditingView } from '../eif/forms/api.ts';
import { EifLayout } from '../eif/forms/EifLayout.tsx';
import { pushEntriesAtom } from '../../state/atoms.ts';
import {
  addPushEntry,
  overlayStateFor,
  type ApiJobStatus,
  type OverlayState,
} from '../../state/push-status.ts';

const PLAN_DESIGN_INFO = '/api/clients/{clientId}/qps/plan-design-info';

const PILL: Record<OverlayState, string> = {
  loading: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
};
const STATUS_TEXT: Record<ApiJobStatus, string> = {
  IN_PROGRESS: 'In progress',
  NOT_APPLICABLE: 'Nothing to push',
  COMPLETED: 'Completed',
  COMPLETED_WITH_WARNINGS: 'Completed with warnings',
  COMPLETED_WITH_ERRORS: 'Completed with errors',
  TIMEOUT: 'Timed out',
};

function StatusPill({ status }: { status: ApiJobStatus }) {
  return (
    <span className={`status-pill status-pill--${PILL[overlayStateFor(status)]}`}>{STATUS_TEXT[status]}</span>
  );
}

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** A plan as the summary names it ('Long term disability'), its id when it has no benefit type. */
const planName = (plan: PlanDesign['plans'][number] | undefined, id: string | null) =>
  plan?.benefitType ? planBenefitTypeLabel(plan.benefitType) : (id ?? '—');

function DesignTables({ design }: { design: PlanDesign }) {
  const plans = new Map(design.plans.map((p) => [p.id, p]));
  const classes = new Map(design.employeeClasses.map((c) => [c.id, c]));
  const rows = design.employeeClassPlans.map((cp) => ({
    ...cp,
    className:
      (cp.employeeClassId && classes.get(cp.employeeClassId)?.groupName) || cp.employeeClassId || '—',
    planName: planName(cp.planId ? plans.get(cp.planId) : undefined, cp.planId),
  }));
  return (
    <>
      <Heading level={3} className="summary__step">
        Plans ({design.plans.length}) and classes ({design.employeeClasses.length})
      </Heading>
      <p className="muted">
        Plans: {design.plans.map((p) => planName(p, p.id)).join(', ') || 'none'}. Classes:{' '}
        {design.employeeClasses.map((c) => c.groupName ?? c.id).join(', ') || 'none'}.
      </p>
      <Table aria-label="Contributions per class plan" className="table">
        <TableHeader>
          <Column id="class" isRowHeader>
            Class
          </Column>
          <Column id="plan">Plan</Column>
          <Column id="employer">Employer</Column>
          <Column id="employee">Employee</Column>
        </TableHeader>
        <TableBody
          items={rows}
          renderEmptyState={() => <p className="muted table__empty">No class plans yet.</p>}
        >
          {(row) => (
            <Row id={row.id} className="table__row">
              <Cell>{row.className}</Cell>
              <Cell>{row.planName}</Cell>
              <Cell>{percent(row.employerContributionPercentage)}</Cell>
              <Cell>{percent(row.employeeContributionPercentage)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </>
  );
}

function Findings({ check }: { check: PlanCheck }) {
  if (check.findings.length === 0)
    return <Alert tone="success">The plan design has no problems the plan system would report.</Alert>;
  return (
    <ul className="plain-list" data-testid="plan-design-findings">
      {check.findings.map((f) => (
        <li key={`${f.code}:${f.entityId ?? ''}:${f.message}`}>
          <span className={`status-pill status-pill--${f.severity === 'info' ? 'info' : f.severity}`}>
            {f.severity === 'error' ? 'Error' : f.severity === 'warning' ? 'Warning' : 'Note'}
          </span>{' '}
          {f.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * EIF push-to-qps (spec onboarding §2, platform §4): the plan design the push would send and what the
 * plan system would say about it; staff start the push here and follow it in the overlay.
 */
export function PushToQpsPage({ clientId, user }: { clientId: string; user: AuthenticatedUser }) {
  const { data, error, mutate } = useRead(PLAN_DESIGN_INFO, { clientId });
  const { data: view, error: viewError } = useEditingView(clientId);
  const [entries, setEntries] = useAtom(pushEntriesAtom);
  const [isPushing, setIsPushing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const overlayState = entries.find((e) => e.clientId === clientId)?.state ?? null;

  // The job the page saw running (its own push, or one found in progress on load).
  const runningJobId = useRef<string | null>(null);
  if (data?.latestJob?.status === 'IN_PROGRESS') runningJobId.current = data.latestJob.id;

  // The overlay learns the outcome (stream or poll) before the api-jobs read model may have it; the page
  // then reloads the job and its reasons asking for that job settled, so the read waits for the
  // projection instead of answering "In progress" beside a finished overlay.
  const previous = useRef(overlayState);
  useEffect(() => {
    if (previous.current === 'loading' && overlayState !== 'loading') {
      const jobId = runningJobId.current;
      if (jobId)
        void mutate(get(PLAN_DESIGN_INFO, { clientId }, { settledJob: jobId }), { revalidate: false });
      else void mutate();
    }
    previous.current = overlayState;
  }, [overlayState, mutate, clientId]);

  const push = async () => {
    setIsPushing(true);
    setFailure(null);
    try {
      const { apiJobId } = await call('post', '/api/clients/{clientId}/qps/async-push', {
        params: { clientId },
      });
      runningJobId.current = apiJobId;
      setEntries((current) => addPushEntry(current, clientId, Date.now()));
      await mutate();
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setIsPushing(false);
    }
  };

  const job = data?.latestJob ?? null;
  const isRunning = overlayState === 'loading' || job?.status === 'IN_PROGRESS';
  return (
    <EifLayout clientId={clientId} view={view} error={viewError} place={null}>
      {() => (
        <section className="card step-card" aria-labelledby="step-title">
          <p className="eyebrow">Push to plan system</p>
          <div className="card__header">
            <Heading level={2} id="step-title" className="step-card__title">
              Plan design
            </Heading>
            {data && <StatusPill status={data.check.status} />}
          </div>
          {error && !data && <ErrorPanel error={error} />}
          {!data && !error && <PageSkeleton />}
          {data && (
            <>
              <DesignTables design={data.design} />
              <Heading level={3} className="summary__step">
                What the plan system would report
              </Heading>
              <Findings check={data.check} />
              <Heading level={3} className="summary__step">
                Last push
              </Heading>
              {job ? (
                <div data-testid="last-push">
                  <p>
                    <StatusPill status={job.status} /> started {new Date(job.requestedAt).toLocaleString()}
                  </p>
                  {job.apiJobOutputs.length > 0 && (
                    <ul className="plain-list">
                      {job.apiJobOutputs.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  )}
                </div>
              ) : (
                <p className="muted">Not pushed yet.</p>
              )}
              {failure && <Alert tone="error">{failure}</Alert>}
              {isAdminRole(user.role) ? (
                <div className="button-row">
                  <Button
                    className="button button--primary"
                    isPending={isPushing}

                    onPress={() => void push()}
                  >
                    {isRunning ? 'Push in progress…' : 'Push to plan system'}
                  </Button>
                </div>
              ) : (
                <p className="muted">
                  Your implementation consultant pushes the plan design once the form is complete.
                </p>
              )}
            </>
          )}
        </section>
      )}
    </EifLayout>
  );
}

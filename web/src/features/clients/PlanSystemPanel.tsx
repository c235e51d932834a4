import { useState, type ReactNode } from 'react';
import { Button, Heading } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { clientKey } from '../../api/hooks.ts';
import { rememberVersion } from '../../api/versions.ts';
import { Alert } from '../../ui/Feedback.tsx';
import {
  compareWithPlanSystem,
  configurePlansFor,
  importFromPlanSystem,
  sendActivationEmails,
  syncWithPlanSystem,
  type ActivationEmailsAnswer,
  type ClientFromQps,
} from './plan-system-api.ts';
import './plan-system.css';

type Action = 'compare' | 'import' | 'sync' | 'configure' | 'activation';

type Result =
  | { kind: 'compare'; answer: ClientFromQps }
  | {
      kind: 'changes';
      title: string;
      unit: readonly [string, string];
      changed: string[];
      nothing: string;
      extra?: string[];
    }
  | { kind: 'activation'; answer: ActivationEmailsAnswer }
  | { kind: 'error'; text: string };

const ROLE_LABELS: Record<string, string> = { BROKER: 'broker', BEN_ADMIN: 'benefits administrator' };

const STATUS_LABELS = {
  same: { label: 'Same', tone: 'success' },
  different: { label: 'Different', tone: 'warning' },
  'only-in-plan-system': { label: 'Only in the plan system', tone: 'info' },
  'only-in-eif': { label: 'Only in the EIF', tone: 'error' },
} as const;

const messageOf = (caught: unknown) => {
  if (caught instanceof ApiError && caught.status === 409)
    return 'The form changed since it was compared. Compare again, then import or sync.';
  return caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE;
};

function Comparison({ answer }: { answer: ClientFromQps }) {
  const { planSystem, comparison } = answer;
  return (
    <div className="plan-system__result" data-testid="plan-system-comparison">
      <p>
        <strong>{planSystem.name}</strong> (case {planSystem.caseId}, {planSystem.policies.length}{' '}
        {planSystem.policies.length === 1 ? 'policy' : 'policies'}).{' '}
        {comparison.inSync ? 'The EIF agrees with the plan system.' : 'The EIF differs from the plan system:'}
      </p>
      {comparison.client.length > 0 && (
        <ul className="change-list">
          {comparison.client.map((line) => (
            <li key={line} className="change">
              <span className="change__body">{line}</span>
            </li>
          ))}
        </ul>
      )}
      <ul className="change-list">
        {comparison.policies.map((policy) => {
          const status = STATUS_LABELS[policy.status];
          return (
            <li key={`${policy.policyNumber}/${policy.policyId ?? ''}`} className="change">
              <div className="change__body">
                <span className="change__attribute">Policy {policy.policyNumber || '(no number)'}</span>
                {policy.differences.length === 0 ? (
                  <span className="muted">No differences.</span>
                ) : (
                  policy.differences.map((line) => <span key={line}>{line}</span>)
                )}
              </div>
              <span className={`status-pill status-pill--${status.tone}`}>{status.label}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Lines({ lines }: { lines: readonly ReactNode[] }) {
  return (
    <ul className="change-list">
      {lines.map((line, i) => (
        <li key={i} className="change">
          <span className="change__body">{line}</span>
        </li>
      ))}
    </ul>
  );
}

function ResultView({ result }: { result: Result }) {
  switch (result.kind) {
    case 'error':
      return (
        <Alert tone="error" testId="plan-system-error">
          {result.text}
        </Alert>
      );
    case 'compare':
      return <Comparison answer={result.answer} />;
    case 'changes':
      return (
        <div className="plan-system__result" data-testid="plan-system-changes">
          <p>
            <strong>{result.title}</strong>{' '}
            {result.changed.length === 0
              ? result.nothing
              : `${result.changed.length} ${result.unit[result.changed.length === 1 ? 0 : 1]}:`}
          </p>
          {result.changed.length > 0 && <Lines lines={result.changed} />}
          {result.extra?.map((line) => (
            <p key={line} className="muted">
              {line}
            </p>
          ))}
        </div>
      );
    case 'activation': {
      const { sent, skipped } = result.answer;
      return (
        <div className="plan-system__result" data-testid="plan-system-activation">
          <p>
            <strong>Activation e-mails.</strong>{' '}
            {sent.length === 0
              ? 'Nobody needed one.'
              : `Sent to ${sent.length} ${sent.length === 1 ? 'person' : 'people'}:`}
          </p>
          {sent.length > 0 && (
            <Lines lines={sent.map((p) => `${p.name} (${ROLE_LABELS[p.role] ?? p.role}), ${p.email}`)} />
          )}
          {skipped.length > 0 && (
            <>
              <p>Skipped:</p>
              <Lines
                lines={skipped.map(
                  (p) => `${p.name} (${ROLE_LABELS[p.role] ?? p.role}): ${p.reason.toLowerCase()}.`,
                )}
              />
            </>
          )}
          {sent.length === 0 && skipped.length === 0 && (
            <p className="muted">No broker or benefits administrator is assigned to this client.</p>
          )}
        </div>
      );
    }
    default: {
      const unknown: never = result;
      return unknown;
    }
  }
}

/**
 * The client and the carrier's plan system (platform §7), on the staff's manage page: compare the plan
 * system's view with the EIF, import it, sync what the plan system owns, create the plans the coverages
 * call for, and send the client's people their activation e-mails. Every outcome is said in words.
 */
export default function PlanSystemPanel({ clientId }: { clientId: string }) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<Action | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [comparedVersion, setComparedVersion] = useState<number | null>(null);

  /** After a write: the client view is read again, at least at the version written. */
  const refreshClient = async (version: number) => {
    rememberVersion({ id: clientId, version });
    setComparedVersion(null);
    await mutate(clientKey(clientId));
  };

  const run = async (action: Action, work: () => Promise<Result>) => {
    setBusy(action);
    try {
      setResult(await work());
    } catch (caught) {
      setResult({ kind: 'error', text: messageOf(caught) });
    } finally {
      setBusy(null);
    }
  };

  const compare = () =>
    run('compare', async () => {
      const answer = await compareWithPlanSystem(clientId);
      setComparedVersion(answer.version);
      return { kind: 'compare', answer };
    });

  const apply = (action: 'import' | 'sync') =>
    run(action, async () => {
      const call = action === 'import' ? importFromPlanSystem : syncWithPlanSystem;
      const answer = await call(clientId, comparedVersion);
      await refreshClient(answer.version);
      return {
        kind: 'changes',
        title: action === 'import' ? 'Imported from the plan system.' : 'Synced with the plan system.',
        unit: ['change', 'changes'],
        changed: answer.changed,
        nothing:
          action === 'import'
            ? 'Nothing to import: the EIF already agrees with the plan system.'
            : 'Nothing to sync: the policy numbers and effective dates already agree.',
      };
    });

  const configure = () =>
    run('configure', async () => {
      const answer = await configurePlansFor(clientId);
      await refreshClient(answer.version);
      return {
        kind: 'changes',
        title: 'Plans configured.',
        unit: ['plan created', 'plans created'],
        changed: answer.changed,
        nothing: 'Every coverage already has its plan.',
        extra: answer.unknown.map(
          (u) =>
            `No plan for ${u.coverage} on policy ${u.policyNumber ?? u.policyId}: not a benefit type we know.`,
        ),
      };
    });

  const activation = () =>
    run('activation', async () => ({ kind: 'activation', answer: await sendActivationEmails(clientId) }));

  const button = (action: Action, label: string, onPress: () => void, primary = false) => (
    <Button
      className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
      isDisabled={busy !== null}
      onPress={onPress}
    >
      {busy === action ? `${label}…` : label}
    </Button>
  );

  return (
    <section className="card" aria-labelledby="plan-system-title" data-testid="plan-system-panel">
      <Heading level={2} id="plan-system-title" className="card__title">
        Plan system
      </Heading>
      <p className="muted">
        The carrier’s plan system holds the client’s case: its policies, coverages, effective dates and plans.
        Compare it with the EIF, import it, or sync only what the plan system owns (policy numbers and
        effective dates); the client’s own answers are never changed.
      </p>
      <div className="button-row card__actions">
        {button('compare', 'Compare with the plan system', () => void compare(), true)}
        {button('import', 'Import from the plan system', () => void apply('import'))}
        {button('sync', 'Sync', () => void apply('sync'))}
        {button('configure', 'Configure plans', () => void configure())}
        {button('activation', 'Send activation e-mails', () => void activation())}
      </div>
      <div aria-live="polite">{result && <ResultView result={result} />}</div>
    </section>
  );
}

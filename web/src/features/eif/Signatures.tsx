import { useState, type ReactNode } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { errorMessage } from '../../api/errors.ts';
import { NoticeAlert, ErrorPanel } from '../../ui/Feedback.tsx';
import { formatWhen } from '../../ui/format.ts';
import { eifConfirmChangesPath } from '../../app/routes.ts';
import { confirmSignedChanges, useEifSignatures, type AnswerInWords } from './api.ts';
import { QueryFallback } from '../../ui/QueryState.tsx';
import { useAction } from '../../api/action.ts';

const changesText = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

function ValueTerm({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The card a signer confirms changes in: its title, what the changes are, then the changed answers and
 * what `children` adds (the confirm button).
 */
export function ChangesSinceSigned({
  title,
  answers,
  children,
}: {
  title: ReactNode;
  answers: readonly AnswerInWords[];
  children?: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby="confirm-title">
      <Heading level={2} id="confirm-title" className="card__title">
        {title}
      </Heading>
      <p>
        These answers of the sections you signed were changed and accepted after you signed. Only these are
        shown, not the whole form.
      </p>
      <ChangedAnswers answers={answers} label="Changed answers" />
      {children}
    </section>
  );
}

/** Changed answers as a signer reads them: where, the question, and the answer before and after. */
export function ChangedAnswers({ answers, label }: { answers: readonly AnswerInWords[]; label: string }) {
  return (
    <ul className="changed-answers" aria-label={label}>
      {answers.map((answer) => (
        <li key={answer.answerId} className="changed-answers__item" data-testid="changed-answer">
          <p className="eyebrow">
            {answer.section} · {answer.entity}
          </p>
          <p className="changed-answers__question">{answer.question}</p>
          <dl className="changed-answers__values">
            <ValueTerm term="Before">
              <del>{answer.before}</del>
            </ValueTerm>
            <ValueTerm term="Now">
              <ins>{answer.after}</ins>
            </ValueTerm>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * The form's signatures for staff and the client's people (hub, review page): who signed which sections,
 * who still has to confirm changes accepted since, and for a signer who is asked, the way to confirm.
 */
export function SignaturesCard({ clientId }: { clientId: string }) {
  const { data, error } = useEifSignatures(clientId);
  if (error) return <ErrorPanel error={error} />;
  if (!data || data.signatures.length === 0) return null;
  return (
    <TitledSection
      id="signatures-title"
      title="Signatures"
      className="card signatures"
      testId="signatures"
      header={null}
    >
      <p data-testid="waiting-for">
        {data.waitingFor.length === 0
          ? 'Every signer has confirmed the changes made to what they signed.'
          : `Still to confirm the changes made to what they signed: ${data.waitingFor.join(', ')}.`}
      </p>
      {data.mine.length > 0 && (
        <Link className="button button--primary" href={eifConfirmChangesPath(clientId)}>
          Confirm the {changesText(data.mine.length)} to what you signed
        </Link>
      )}
      <ul className="signatures__list">
        {data.signatures.map((signature) => {
          const lastConfirmed = signature.confirmations.at(-1);
          return (
            <li key={signature.signatureId} className="signatures__item">
              <div className="signatures__head">
                <strong>{signature.signer}</strong>
                {signature.toConfirm.length > 0 ? (
                  <span className="badge badge--warning">
                    {changesText(signature.toConfirm.length)} to confirm
                  </span>
                ) : (
                  <span className="badge badge--success">Up to date</span>
                )}
              </div>
              <p className="signatures__meta">
                Signed {formatWhen(signature.at)}
                {lastConfirmed ? `; last confirmed ${formatWhen(lastConfirmed.at)}` : ''}
              </p>
              <p className="signatures__meta">Sections: {signature.sections.join(', ')}</p>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}

/**
 * The short re-sign (`/task/eif-submit-company-information/confirm-changes`, where the e-mail sends a
 * signer): only the accepted changes of the sections they signed, each before and after, and one button.
 */
export function EifConfirmChangesPage({ clientId }: { clientId: string }) {
  const { data, error, mutate } = useEifSignatures(clientId);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const confirming = useAction(
    async () => {
      setNotice(null);
      const confirmed = await confirmSignedChanges(clientId);
      setNotice({ tone: 'success', text: `You confirmed ${changesText(confirmed)}. Thank you.` });
      await mutate();
    },
    { onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught) }) },
  );
  const busy = confirming.isPending;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Employer Information Form</p>
      <Heading level={1}>Confirm the changes to what you signed</Heading>
      <NoticeAlert notice={notice} testId="confirm-notice" />
      {!data && <QueryFallback error={error} />}
      {data && data.mine.length === 0 && !notice && (
        <p data-testid="nothing-to-confirm">
          There is nothing for you to confirm: no accepted change touches what you signed.
        </p>
      )}
      {data && data.mine.length > 0 && (
        <ChangesSinceSigned title={`${changesText(data.mine.length)} since you signed`} answers={data.mine}>
          <div className="button-row">
            <Button
              className="button button--primary"
              onPress={() => void confirming.run()}
              isDisabled={busy}
            >
              {busy ? 'Confirming…' : 'Confirm these changes'}
            </Button>
          </div>
        </ChangesSinceSigned>
      )}
    </div>
  );
}

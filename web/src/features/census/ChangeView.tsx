import { TableHead } from '../../ui/TableHead.tsx';
import { isMaskedFor, type CensusField } from '@onboard/domain/census';
import { plural, type CensusChanges, type CensusResultProps } from './api.ts';
import { RevealableValue, revealCensusChangeValue, useMayReveal } from './PersonalData.tsx';

const Listed = ({ shown, total }: { shown: number; total: number }) =>
  total > shown ? <p className="muted">The first {shown.toLocaleString('en-US')} are listed.</p> : null;

/** The people added (or removed), with a line when only the first of them are listed. */
function PeopleList({
  title,
  testId,
  people,
  total,
}: {
  title: string;
  testId: string;
  people: CensusChanges['added'];
  total: number;
}) {
  if (people.length === 0) return null;
  return (
    <>
      <h4>
        {title} ({plural(total, 'person', 'people')})
      </h4>
      <ul className="census__people" data-testid={testId}>
        {people.map((p, i) => (
          <li key={`${p.key}/${i}`}>
            {p.name} · {p.relationship} · Employee ID {p.employeeId}
          </li>
        ))}
      </ul>
      <Listed shown={people.length} total={total} />
    </>
  );
}

/**
 * Employees added, removed and changed (field by field) against the census submitted before. Personal
 * values come masked; a role that may see them reveals one (before or now) with a reason.
 */
function ChangeView({
  clientId,
  policyId,
  documentId,
  changes,
  previousName,
}: {
  clientId: string;
  policyId: string;
  documentId: string;
  changes: CensusChanges;
  previousName: string | null;
}) {
  const mayReveal = useMayReveal().reveal;
  const { totals } = changes;
  const value = (
    person: CensusChanges['changed'][number],
    index: number,
    f: CensusChanges['changed'][number]['fields'][number],
    change: 'BEFORE' | 'AFTER',
  ) => {
    const masked = change === 'BEFORE' ? f.before : f.after;
    if (!isMaskedFor(f.field, person.relationship !== 'Employee')) return masked || '—';
    const side = change === 'BEFORE' ? 'before' : 'now';
    return (
      <RevealableValue
        what={`${f.label} ${side}, employee ${person.employeeId}`}
        label={f.label}
        masked={masked}
        mayReveal={mayReveal}
        reveal={revealCensusChangeValue(clientId, policyId, documentId, {
          person: index,
          employeeId: person.employeeId,
          field: f.field as CensusField,
          change,
        })}
        render={(shown) => <span data-testid="census-change-value">{shown || '—'}</span>}
      />
    );
  };
  return (
    <section className="census__changes" aria-labelledby="census-changes-title" data-testid="census-changes">
      <h3 id="census-changes-title">Changes since the census submitted before</h3>
      {previousName && <p className="muted">Compared with {previousName}.</p>}
      <ul className="census__counts">
        {(['added', 'removed', 'changed', 'unchanged'] as const).map((kind) => (
          <li key={kind} className="census__count">
            <strong>{totals[kind].toLocaleString('en-US')}</strong> {kind}
          </li>
        ))}
      </ul>
      {totals.added + totals.removed + totals.changed === 0 && <p>Nobody was added, removed or changed.</p>}
      <PeopleList title="Added" testId="census-added" people={changes.added} total={totals.added} />
      <PeopleList title="Removed" testId="census-removed" people={changes.removed} total={totals.removed} />
      {changes.changed.length > 0 && (
        <>
          <h4>Changed ({plural(totals.changed, 'person', 'people')})</h4>
          <table className="table census__changed" data-testid="census-changed">
            <TableHead columns={['Person', 'Field', 'Before', 'Now']} />
            <tbody>
              {changes.changed.flatMap((p, index) =>
                p.fields.map((f, i) => (
                  <tr key={`${index}/${f.field}`}>
                    <td data-label="Person">{i === 0 ? `${p.name} (Employee ID ${p.employeeId})` : ''}</td>
                    <td data-label="Field">{f.label}</td>
                    <td data-label="Before">{value(p, index, f, 'BEFORE')}</td>
                    <td data-label="Now">{value(p, index, f, 'AFTER')}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
          <Listed shown={changes.changed.length} total={totals.changed} />
        </>
      )}
    </section>
  );
}

/** The changes of a validated file against the census submitted before it, when there are any. */
export function ChangesAgainstPrevious({
  clientId,
  policyId,
  result,
  results,
  isCard = false,
}: CensusResultProps & { isCard?: boolean }) {
  const { changes, comparedWith } = result.domainValidations;
  if (!changes) return null;
  const previous = results.find((r) => r.document.documentId === comparedWith);
  const view = (
    <ChangeView
      clientId={clientId}
      policyId={policyId}
      documentId={result.document.documentId}
      changes={changes}
      previousName={previous?.document.fileName ?? null}
    />
  );
  return isCard ? <section className="card">{view}</section> : view;
}

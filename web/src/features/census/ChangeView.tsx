import { isMaskedFor, type CensusField } from '@onboard/domain/census';
import type { CensusChanges } from './api.ts';
import { plural } from './api.ts';
import { RevealableValue, revealCensusChangeValue, useMayReveal } from './PersonalData.tsx';

/**
 * Employees added, removed and changed (field by field) against the census submitted before. Personal
 * values come masked; a role that may see them reveals one (before or now) with a reason.
 */
export function ChangeView({
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
  const listed = (shown: number, total: number) =>
    total > shown ? <p className="muted">The first {shown.toLocaleString('en-US')} are listed.</p> : null;
  return (
    <section className="census__changes" aria-labelledby="census-changes-title" data-testid="census-changes">
      <h3 id="census-changes-title">Changes since the census submitted before</h3>
      {previousName && <p className="muted">Compared with {previousName}.</p>}
      <ul className="census__counts">
        <li className="census__count">
          <strong>{totals.added.toLocaleString('en-US')}</strong> added
        </li>
        <li className="census__count">
          <strong>{totals.removed.toLocaleString('en-US')}</strong> removed
        </li>
        <li className="census__count">
          <strong>{totals.changed.toLocaleString('en-US')}</strong> changed
        </li>
        <li className="census__count">
          <strong>{totals.unchanged.toLocaleString('en-US')}</strong> unchanged
        </li>
      </ul>
      {totals.added + totals.removed + totals.changed === 0 && <p>Nobody was added, removed or changed.</p>}
      {changes.added.length > 0 && (
        <>
          <h4>Added ({plural(totals.added, 'person', 'people')})</h4>
          <ul className="census__people" data-testid="census-added">
            {changes.added.map((p, i) => (
              <li key={`${p.key}/${i}`}>
                {p.name} · {p.relationship} · Employee ID {p.employeeId}
              </li>
            ))}
          </ul>
          {listed(changes.added.length, totals.added)}
        </>
      )}
      {changes.removed.length > 0 && (
        <>
          <h4>Removed ({plural(totals.removed, 'person', 'people')})</h4>
          <ul className="census__people" data-testid="census-removed">
            {changes.removed.map((p, i) => (
              <li key={`${p.key}/${i}`}>
                {p.name} · {p.relationship} · Employee ID {p.employeeId}
              </li>
            ))}
          </ul>
          {listed(changes.removed.length, totals.removed)}
        </>
      )}
      {changes.changed.length > 0 && (
        <>
          <h4>Changed ({plural(totals.changed, 'person', 'people')})</h4>
          <table className="table census__changed" data-testid="census-changed">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">Now</th>
              </tr>
            </thead>
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
          {listed(changes.changed.length, totals.changed)}
        </>
      )}
    </section>
  );
}

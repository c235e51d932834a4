import { Button, Heading } from '../../../ui/controls.ts';
import { formatAnswer, type FieldDef } from '@onboard/domain/web';
import type { EditingView } from './api.ts';
import { asDomainView } from './status.ts';
import { formatAnswer as formatPlain } from '../words.ts';
import type { FieldConflict } from './save.ts';

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

/**
 * Someone else changed the same answers while this person was editing: each answer with both values
 * (theirs, saved by whom and when; yours, not saved yet), and the choice of which to keep. Answers are
 * worded by their form field (`fieldOf`, `view`) or, for screens with their own words (the class
 * builder), by `format`.
 */
export function CollisionChoice({
  conflicts,
  fieldOf,
  view,
  format,
  isSaving,
  onKeepMine,
  onTakeTheirs,
}: {
  conflicts: readonly FieldConflict[];
  fieldOf?: (conflict: FieldConflict) => FieldDef | undefined;
  view?: EditingView;
  format?: (conflict: FieldConflict, value: unknown, side: 'theirs' | 'yours') => string;
  isSaving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const domainView = view ? asDomainView(view) : null;
  const show = (conflict: FieldConflict, side: 'theirs' | 'yours') => {
    const value = conflict[side];
    if (format) return format(conflict, value, side);
    const field = fieldOf?.(conflict);
    return field && domainView
      ? formatAnswer(field, value, domainView)
      : formatPlain(conflict.attributeKey, value, conflict.entity);
  };
  return (
    <section
      className="alert alert--warning collision"
      role="alert"
      aria-labelledby="collision-title"
      data-testid="collision"
    >
      <Heading level={3} id="collision-title" className="collision__title">
        {conflicts.length === 1
          ? 'Someone else changed this answer while you were editing'
          : 'Someone else changed these answers while you were editing'}
      </Heading>
      <p>Your answer is not saved yet. Choose which answer to keep.</p>
      <ul className="collision__list">
        {conflicts.map((conflict) => (
          <li key={`${conflict.entityId}:${conflict.attributeKey ?? ''}`} data-testid="collision-answer">
            <p className="collision__label">{conflict.label}</p>
            <dl className="collision__values">
              <div>
                <dt>
                  Their answer ({conflict.changedBy.name}
                  {timeOf(conflict.changedAt) ? `, ${timeOf(conflict.changedAt)}` : ''})
                </dt>
                <dd data-testid="collision-theirs">{show(conflict, 'theirs')}</dd>
              </div>
              <div>
                <dt>Your answer</dt>
                <dd data-testid="collision-yours">{show(conflict, 'yours')}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Button className="button button--primary" isPending={isSaving} onPress={onKeepMine}>
          Keep my answer
        </Button>
        <Button className="button button--secondary" isDisabled={isSaving} onPress={onTakeTheirs}>
          Take their answer
        </Button>
      </div>
    </section>
  );
}

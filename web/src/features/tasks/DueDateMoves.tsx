import { Button } from '../../ui/controls.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { policyLabel, type DueDateMove } from '@onboard/domain/web';
import type { ClientView } from '../../api/types.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { formatDate } from './format.ts';

/** 'Enrollment elections · Policy 771001 · Dental': the task and, for a policy's task, the policy. */
function moveTitle(move: DueDateMove, client: ClientView | undefined) {
  const policy = move.policyId ? client?.policies.find((p) => p.id === move.policyId) : undefined;
  return policy
    ? `${move.title} · ${policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] })}`
    : move.title;
}

const dateWords = (date: string | null) => (date ? formatDate(date) : 'no date');

/**
 * Before a due date moves others (domain/src/tasks/schedule.ts `dueDateMoves`): which tasks would be due
 * before a task they need, and where each moves to. Nothing moves until the person agrees.
 */
export function DueDateMovesDialog({
  moves,
  client,
  isPending,
  onCancel,
  onConfirm,
}: {
  /** The task moved first, then the others; null while closed. */
  moves: readonly DueDateMove[] | null;
  client: ClientView | undefined;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const [moved, ...others] = moves ?? [];
  return (
    <ModalDialog
      title="Move the tasks that depend on it?"
      isOpen={moves !== null}
      onOpenChange={(open) => !open && onCancel()}
      isAlert
    >
      {moved && (
        <div data-testid="due-date-moves">
          <p>
            Moving <strong>{moveTitle(moved, client)}</strong> to {dateWords(moved.to)} would leave{' '}
            {others.length === 1 ? 'this task' : `these ${others.length} tasks`} due before a task{' '}
            {others.length === 1 ? 'it needs' : 'they need'}. {others.length === 1 ? 'It moves' : 'They move'}{' '}
            with it:
          </p>
          <ul className="due-moves">
            {others.map((move) => (
              <li key={`${move.taskId}/${move.policyId ?? ''}`} className="due-moves__item">
                <span className="due-moves__title">{moveTitle(move, client)}</span>
                <span className="due-moves__dates">
                  {dateWords(move.from)} <span aria-hidden="true">→</span>
                  <span className="visually-hidden">to</span> {dateWords(move.to)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormFooter error={null} onCancel={onCancel}>
        <Button className="button button--primary" onPress={onConfirm} isPending={isPending}>
          Move {moves?.length ?? 0} tasks
        </Button>
      </FormFooter>
    </ModalDialog>
  );
}

import type { EifSectionStatus } from '@onboard/domain/web';

/** The modifier of `eif-form-status` that colours each status of a form's step or sub-step. */
export const STATUS_TONE: Record<EifSectionStatus, string> = {
  'Not Started': 'not-started',
  'In Progress': 'in-progress',
  Completed: 'completed',
};

/** A step's or sub-step's status as a coloured tag, on the form's side list and on the hub. */
export function StatusTag({ status }: { status: EifSectionStatus }) {
  return (
    <span className={`eif-form-status eif-form-status--${STATUS_TONE[status]}`} data-testid="step-status">
      {status}
    </span>
  );
}

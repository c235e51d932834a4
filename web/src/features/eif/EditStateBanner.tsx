import type { ClientView } from '../../api/types.ts';
import { formatWhen } from '../../ui/format.ts';
import { editStateOf, isSigned, pendingReviewCountOf } from './view.ts';

/**
 * The company-information edit state of the signer views (explorer §4), shown once the form is signed:
 * what happened to the latest post-sign changes and what the client can do next.
 */
export function EditStateBanner({
  client,
  audience = 'client',
}: {
  client: ClientView;
  /** Staff read the same state about the client rather than addressed to them. */
  audience?: 'client' | 'staff';
}) {
  const isStaff = audience === 'staff';
  if (!isSigned(client)) {
    return (
      <div className="alert alert--info" role="status" data-testid="edit-state" data-state="pre-sign">
        The form has not been signed yet. Answers saved now apply directly until it is signed.
      </div>
    );
  }
  const state = editStateOf(client);
  const pending = pendingReviewCountOf(client);
  const pendingNote =
    pending > 0
      ? ` ${pending} ${pending === 1 ? 'change is' : 'changes are'} pending review and not yet part of the signed form.`
      : '';
  switch (state) {
    case 'no-edits':
      return (
        <div className="alert alert--info" role="status" data-testid="edit-state" data-state={state}>
          Signed on {formatWhen(client.eifSignedAt)}.{' '}
          {isStaff
            ? 'Changes made now are pending until reviewed.'
            : 'Changes made now are sent to your implementation consultant for review.'}
          {pendingNote}
        </div>
      );
    case 'changes-accepted':
      return (
        <div className="alert alert--success" role="status" data-testid="edit-state" data-state={state}>
          {isStaff ? 'The latest changes were' : 'Your latest changes were'} accepted on{' '}
          {formatWhen(client.deifChangesAcceptedAt)}.{pendingNote}
        </div>
      );
    case 'changes-declined-no-new-edits':
      return (
        <div className="alert alert--warning" role="status" data-testid="edit-state" data-state={state}>
          <strong>
            {isStaff ? 'The latest changes were declined' : 'Your latest changes were declined'}
          </strong>{' '}
          on {formatWhen(client.deifChangesDeclinedAt)}.
          {client.deifChangesDeclinedReason && (
            <>
              {' '}
              Reason: <q data-testid="declined-reason">{client.deifChangesDeclinedReason}</q>.
            </>
          )}{' '}
          The signed answers stay as they were.{pendingNote}
        </div>
      );
    case 'ready-for-review':
      return (
        <div className="alert alert--info" role="status" data-testid="edit-state" data-state={state}>
          {isStaff ? 'The client submitted changes' : 'Your changes were submitted'} for review on{' '}
          {formatWhen(client.deifChangesReadyForReviewAt)}.{' '}
          {isStaff
            ? 'Accept or decline them below.'
            : 'Your implementation consultant will accept or decline them.'}
        </div>
      );
    default: {
      const unreachable: never = state;
      throw new Error(`Unknown edit state ${String(unreachable)}`);
    }
  }
}

import { IMPLEMENTATION_TYPES, type ImplementationType } from '@onboard/events/catalogue/client-constants';
import type { ClientLifecycleView } from '@onboard/api-contract/views';
import { ApiError, errorMessage } from '../../api/errors.ts';

/**
 * The client's lifecycle as staff read it: words for its codes and states, and what a write's refusal
 * means. Pure (no React, no fetch), so every rule is unit-tested; the form's rules are in client-form.ts.
 */
export type { ClientLifecycleView, ImplementationType };

export const IMPLEMENTATION_TYPE_LABELS: Record<ImplementationType, string> = {
  NEW_CASE: 'New case',
  ADD_COVERAGE: 'Add coverage',
  TAKEOVER: 'Takeover',
};

export const IMPLEMENTATION_TYPE_OPTIONS = IMPLEMENTATION_TYPES.map((value) => ({
  value,
  label: IMPLEMENTATION_TYPE_LABELS[value],
}));

/** Where the client stands, in words, most telling first. */
export function lifecycleStates(
  view: Pick<ClientLifecycleView, 'isDraft' | 'isArchived' | 'releaseStatus' | 'completedSetup'>,
) {
  const states: { label: string; tone: 'info' | 'warning' | 'success' | 'error' }[] = [];
  if (view.isDraft) states.push({ label: 'Draft', tone: 'warning' });
  if (view.isArchived) states.push({ label: 'Archived', tone: 'error' });
  if (view.releaseStatus === 'LIVE') states.push({ label: 'LIVE', tone: 'success' });
  else if (!view.isDraft && !view.isArchived)
    states.push({ label: view.completedSetup ? 'Onboarding' : 'Setting up', tone: 'info' });
  return states;
}

export const CONFLICT_MESSAGE =
  'Someone else changed this client while you were looking at it. It now shows their changes: check them and try again.';

/** A 409: the lifecycle changed since it was read. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The message of a refusal ('Assign a broker to the client first'), or the general one. */
export const messageOf = errorMessage;

/** A refusal to delete because something was signed (400 NOT_ALLOWED): the page offers Archive instead. */
export const isDeleteRefusedAsSigned = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.code === 'NOT_ALLOWED';

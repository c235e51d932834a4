import type { ConflictAnswer } from '@onboard/api-contract';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../api/errors.ts';
import type { EditingView } from './api.ts';

/** One answer someone else changed since the editor's version (command-api field-aware 409). */
export type FieldConflict = ConflictAnswer;

/**
 * What a failed save shows: field messages, a conflict (reload first), a collision on named answers
 * (both values, for the person to choose), or a general notice.
 */
export type SaveFailure =
  | { type: 'fields'; fieldErrors: Record<string, string> }
  | { type: 'conflict' }
  | { type: 'collision'; conflicts: FieldConflict[]; currentVersion: number }
  | { type: 'notice'; text: string };

export function saveFailure(caught: unknown): SaveFailure {
  if (!(caught instanceof ApiError)) return { type: 'notice', text: GENERIC_ERROR_MESSAGE };
  if (caught.status === 409) {
    const body = caught.body as { conflicts?: FieldConflict[]; currentVersion?: number } | null;
    if (Array.isArray(body?.conflicts) && body.conflicts.length > 0)
      return { type: 'collision', conflicts: body.conflicts, currentVersion: body.currentVersion ?? -1 };
    return { type: 'conflict' };
  }
  if (caught.status === 400 && Object.keys(caught.fieldErrors).length > 0)
    return { type: 'fields', fieldErrors: caught.fieldErrors };
  return { type: 'notice', text: caught.message || GENERIC_ERROR_MESSAGE };
}

export const CONFLICT_NOTICE =
  'This form was changed by someone else while you were editing. It now shows their answers. Review them and save again if needed.';

const CONFLICT_RELOAD_ATTEMPTS = 5;
const CONFLICT_RELOAD_DELAY_MS = 300;

/**
 * After a conflict the read side may not have caught up with the other writer yet, so reload a few times
 * until the view is newer than the one we edited.
 */
export async function reloadNewerThan(
  version: number,
  reload: () => Promise<EditingView | undefined>,
): Promise<EditingView | undefined> {
  let fresh: EditingView | undefined;
  for (let attempt = 0; attempt < CONFLICT_RELOAD_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, CONFLICT_RELOAD_DELAY_MS));
    fresh = await reload().catch(() => undefined);
    if (fresh && fresh.version > version) break;
  }
  return fresh;
}

/** Moves keyboard focus to the first field with an error, so the user lands where the work is. */
export function focusFirstError(container: HTMLElement | null) {
  requestAnimationFrame(() => {
    const invalid = container?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], textarea[aria-invalid="true"], [data-invalid] input, [data-invalid] button',
    );
    invalid?.focus();
  });
}

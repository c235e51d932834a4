import { useCallback, useRef, useState } from 'react';
import { ApiError, errorMessage } from './errors.ts';

/** Where a write stands: which call is under way (its arguments), and what the last failure said. */
export type ActionState<Args extends unknown[]> = {
  pendingArgs: Args | null;
  /** The failure's message as the user reads it (the spec's wording, errors.ts), or null. */
  error: string | null;
  /** The API's field errors of the last failure, keyed by field name. */
  fieldErrors: Record<string, string>;
};

export type ActionOptions<Args extends unknown[], Result> = {
  /** After the write succeeded (reload the list, close the dialog, say it was done). */
  onSuccess?: (result: Result, ...args: Args) => unknown;
  /** After it failed, beside the message it leaves (a 409 that offers another way, say). */
  onError?: (error: unknown, ...args: Args) => unknown;
  /** The message a failure shows; the API's own message by default (errorMessage). */
  describe?: (error: unknown) => string;
};

export type ActionOutcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

export const IDLE: ActionState<never> = { pendingArgs: null, error: null, fieldErrors: {} };

/**
 * One write with its pending state: refused while one is under way (a second press does nothing), the
 * failure turned into the message and field errors the user reads. Free of React so it is tested alone.
 */
export async function performAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  args: Args,
  options: ActionOptions<Args, Result>,
  running: { current: boolean },
  update: (state: ActionState<Args>) => void,
): Promise<ActionOutcome<Result> | null> {
  if (running.current) return null;
  running.current = true;
  update({ pendingArgs: args, error: null, fieldErrors: {} });
  let outcome: ActionOutcome<Result>;
  try {
    outcome = { ok: true, value: await action(...args) };
  } catch (error) {
    outcome = { ok: false, error };
  }
  running.current = false;
  if (outcome.ok) {
    update(IDLE);
    await options.onSuccess?.(outcome.value, ...args);
  } else {
    const describe = options.describe ?? errorMessage;
    const fieldErrors = outcome.error instanceof ApiError ? outcome.error.fieldErrors : {};
    update({ pendingArgs: null, error: describe(outcome.error), fieldErrors });
    await options.onError?.(outcome.error, ...args);
  }
  return outcome;
}

/**
 * Every write of the web goes through this: `run(...args)` calls the action once at a time, `isPending`
 * (and `pendingArgs`, for the row whose button is busy) while it runs, `error` and `fieldErrors` after a
 * failure. `run` resolves to the outcome (null when refused because one is already under way).
 */
export function useAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  options: ActionOptions<Args, Result> = {},
) {
  const [state, setState] = useState<ActionState<Args>>(IDLE);
  const running = useRef(false);
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const run = useCallback(
    (...args: Args) =>
      performAction(
        (...a: Args) => latest.current.action(...a),
        args,
        latest.current.options,
        running,
        setState,
      ),
    [],
  );
  const clearError = useCallback(
    () => setState((current) => ({ ...current, error: null, fieldErrors: {} })),
    [],
  );
  return { ...state, isPending: state.pendingArgs !== null, run, clearError };
}

/**
 * A write on one item that a dialog confirms first: `ask(item)` opens the dialog on it (`ask(null)` closes
 * it), `confirm()` runs the write on that item and closes the dialog after.
 */
export function useConfirmedAction<Item, Result>(
  action: (item: Item) => Promise<Result>,
  options: ActionOptions<[Item], Result> = {},
) {
  const [target, setTarget] = useState<Item | null>(null);
  const write = useAction(action, options);
  const confirm = async () => {
    if (target === null) return;
    await write.run(target);
    setTarget(null);
  };
  return { ...write, target, ask: setTarget, confirm };
}

import { describe, expect, it } from 'vitest';
import { IDLE, performAction, type ActionState } from './action.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from './errors.ts';

const refusal = new ApiError({
  status: 400,
  code: 'VALIDATION',
  message: 'Please enter a valid email address',
  fieldErrors: { email: 'Please enter a valid email address' },
  body: {},
});

function recorder<Args extends unknown[]>() {
  const states: ActionState<Args>[] = [];
  return { states, update: (state: ActionState<Args>) => states.push(state), running: { current: false } };
}

describe('performAction: one write with its pending state', () => {
  it('given a write that succeeds, when run, then it is pending with its arguments, idle after, and onSuccess gets the answer', async () => {
    const { states, update, running } = recorder<[string]>();
    const seen: string[] = [];
    const outcome = await performAction(
      async (name: string) => `saved ${name}`,
      ['Lakeside'],
      { onSuccess: (value, name) => void seen.push(`${value} (${name})`) },
      running,
      update,
    );
    expect(outcome).toEqual({ ok: true, value: 'saved Lakeside' });
    expect(states).toEqual([{ pendingArgs: ['Lakeside'], error: null, fieldErrors: {} }, IDLE]);
    expect(seen).toEqual(['saved Lakeside (Lakeside)']);
    expect(running.current).toBe(false);
  });

  it("given the API refuses, when run, then the user reads the API's message and its field errors, and onError is told", async () => {
    const { states, update, running } = recorder<[]>();
    const errors: unknown[] = [];
    const outcome = await performAction(
      () => Promise.reject(refusal),
      [],
      { onError: (error) => void errors.push(error), onSuccess: () => errors.push('never') },
      running,
      update,
    );
    expect(outcome).toEqual({ ok: false, error: refusal });
    expect(states.at(-1)).toEqual({
      pendingArgs: null,
      error: 'Please enter a valid email address',
      fieldErrors: { email: 'Please enter a valid email address' },
    });
    expect(errors).toEqual([refusal]);
  });

  it('given a failure that is not an API answer, when run, then the generic message is shown unless the action describes it', async () => {
    const plain = recorder<[]>();
    await performAction(() => Promise.reject(new Error('boom')), [], {}, plain.running, plain.update);
    expect(plain.states.at(-1)?.error).toBe(GENERIC_ERROR_MESSAGE);

    const described = recorder<[]>();
    await performAction(
      () => Promise.reject(new Error('The file could not be read')),
      [],
      { describe: (error) => (error as Error).message },
      described.running,
      described.update,
    );
    expect(described.states.at(-1)?.error).toBe('The file could not be read');
  });

  it('given a write under way, when run again, then the second is refused and nothing else is called', async () => {
    const { states, update, running } = recorder<[]>();
    let finish: (value: string) => void = () => {};
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = performAction(slow, [], {}, running, update);
    expect(await performAction(slow, [], {}, running, update)).toBeNull();
    finish('done');
    expect(await first).toEqual({ ok: true, value: 'done' });
    expect(calls).toBe(1);
    expect(states).toHaveLength(2);
    // Once it has finished, the next run goes ahead.
    const again = performAction(slow, [], {}, running, update);
    finish('again');
    expect(await again).toEqual({ ok: true, value: 'again' });
    expect(calls).toBe(2);
  });
});

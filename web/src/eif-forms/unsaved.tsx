import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../components/Dialogs.tsx';

/**
 * Leaving with unsaved answers asks first: in-app links inside the guard (the step list, Back, Back to
 * Home) and the browser's Back button go through a confirm dialog, and closing or reloading the tab
 * through the browser's own prompt.
 */
type Guard = {
  /** A form reports whether it holds unsaved answers, under its own key. */
  setDirty: (key: string, dirty: boolean) => void;
  /** Runs `leave` at once when nothing is unsaved, else after the user confirms. */
  confirmLeave: (leave: () => void) => void;
  /** Moves in the app, asking first when there are unsaved answers. */
  navigate: (to: string) => void;
  /** Moves without asking (after a save). */
  navigateNow: (to: string) => void;
};

const TASK_SEGMENT = '/task/eif-submit-company-information';

/**
 * How many moves inside the EIF task led to the current history entry, kept in history.state so that
 * 'Back to Home' can step back over them to where the user came from, even after a reload.
 */
export function taskDepth(): number {
  const state: unknown = window.history.state;
  const depth = state && typeof state === 'object' ? (state as { eifDepth?: unknown }).eifDepth : undefined;
  return typeof depth === 'number' ? depth : 0;
}

function taskHistoryState(to: string) {
  const isInTask =
    to.toLowerCase().includes(TASK_SEGMENT) && window.location.pathname.toLowerCase().includes(TASK_SEGMENT);
  return isInTask ? { eifDepth: taskDepth() + 1 } : null;
}

/** Back out of the task: over its own history entries when the user came from elsewhere in the app. */
export function backOutOfTask(fallback: () => void) {
  const depth = taskDepth();
  if (window.history.length > depth + 1) window.history.go(-(depth + 1));
  else fallback();
}

const GuardContext = createContext<Guard | null>(null);

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_MESSAGE = 'You have unsaved changes on this page. If you leave now, they will be lost.';

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [, setLocation] = useLocation();
  const dirty = useRef(new Set<string>());
  const [hasDirty, setHasDirty] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);

  const setDirty = useCallback((key: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(key);
    else dirty.current.delete(key);
    setHasDirty(dirty.current.size > 0);
  }, []);

  const confirmLeave = useCallback((leave: () => void) => {
    if (dirty.current.size === 0) leave();
    else setPending(() => leave);
  }, []);

  const guard = useMemo<Guard>(() => {
    const go = (to: string) => setLocation(to, { state: taskHistoryState(to) });
    return { setDirty, confirmLeave, navigate: (to) => confirmLeave(() => go(to)), navigateNow: go };
  }, [setDirty, confirmLeave, setLocation]);

  useEffect(() => {
    if (!hasDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasDirty]);

  // The browser's Back cannot be cancelled once it happens, so while answers are unsaved a copy of the
  // current entry sits on top of the history: Back pops the copy (the page stays), the dialog asks, and
  // leaving goes back over both. The copy counts as one more move inside the task, so 'Back to Home'
  // still steps back over every task entry.
  useEffect(() => {
    if (!hasDirty) return;
    const here = window.location.href;
    const copy = { eifDepth: taskDepth() + 1, eifUnsavedCopy: true };
    const isOnCopy = () => (window.history.state as { eifUnsavedCopy?: unknown } | null)?.eifUnsavedCopy;
    if (!isOnCopy()) window.history.pushState(copy, '', here);
    const onPopState = () => {
      if (dirty.current.size === 0 || window.location.href !== here || isOnCopy()) return;
      window.history.pushState(copy, '', here);
      setPending(() => () => window.history.go(-2));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [hasDirty]);

  const leave = () => {
    const go = pending;
    dirty.current.clear();
    setHasDirty(false);
    setPending(null);
    go?.();
  };

  return (
    <GuardContext.Provider value={guard}>
      {/* Every react-aria link inside navigates through the guard. */}
      <RouterProvider navigate={guard.navigate}>{children}</RouterProvider>
      <ConfirmDialog
        title={LEAVE_TITLE}
        message={LEAVE_MESSAGE}
        confirmLabel="Leave without saving"
        isOpen={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={leave}
      />
    </GuardContext.Provider>
  );
}

const NO_GUARD: Guard = {
  setDirty: () => undefined,
  confirmLeave: (leave) => leave(),
  navigate: (to) => window.location.assign(to),
  navigateNow: (to) => window.location.assign(to),
};

export function useUnsavedGuard(): Guard {
  return useContext(GuardContext) ?? NO_GUARD;
}

/** Reports a form's dirty state to the guard while the form is mounted. */
export function useReportDirty(key: string, isDirty: boolean) {
  const { setDirty } = useUnsavedGuard();
  useEffect(() => {
    setDirty(key, isDirty);
  }, [key, isDirty, setDirty]);
  useEffect(() => () => setDirty(key, false), [key, setDirty]);
}

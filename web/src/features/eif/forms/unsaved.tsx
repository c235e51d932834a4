import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { RouterProvider } from '../../../ui/controls.ts';
import { useLocation } from 'wouter';
// The confirm dialog loads only when someone leaves with unsaved answers.
const ConfirmDialog = lazy(() =>
  import('../../../ui/Dialogs.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

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
 * What the app keeps in each history entry it pushes: `appDepth`, how many in-app moves led to it, and
 * `eifDepth`, how many of those were inside the EIF task. An entry the app did not push (a page opened
 * from a bookmark, a new tab, a redirect) has neither, so 'Back to Home' knows where the app's own
 * history starts, even after a reload.
 */
type EntryState = { appDepth?: number; eifDepth?: number; eifUnsavedCopy?: boolean };

const entryState = (): EntryState => {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as EntryState) : {};
};
const depthOf = (value: unknown) => (typeof value === 'number' ? value : 0);

const taskDepth = () => depthOf(entryState().eifDepth);
const appDepth = () => depthOf(entryState().appDepth);

function nextEntryState(to: string): EntryState {
  const isInTask =
    to.toLowerCase().includes(TASK_SEGMENT) && window.location.pathname.toLowerCase().includes(TASK_SEGMENT);
  return { appDepth: appDepth() + 1, ...(isInTask ? { eifDepth: taskDepth() + 1 } : {}) };
}

/**
 * Back out of the task over its own history entries when the user came into it from elsewhere in the
 * app; when the task was the first page the app showed in this tab, go to `fallback` instead (spec
 * onboarding §2: 'Back to Home' falls back to a given route when there is no history).
 */
export function backOutOfTask(fallback: () => void) {
  const depth = taskDepth();
  if (appDepth() > depth) window.history.go(-(depth + 1));
  else fallback();
}

const GuardContext = createContext<Guard | null>(null);

const LEAVE_TITLE = 'Leave without saving?';
const LEAVE_MESSAGE = 'You have unsaved changes on this page. If you leave now, they will be lost.';

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
    const go = (to: string) => setLocation(to, { state: nextEntryState(to) });
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
    const copy: EntryState = { appDepth: appDepth() + 1, eifDepth: taskDepth() + 1, eifUnsavedCopy: true };
    const isOnCopy = () => entryState().eifUnsavedCopy === true;
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
      {pending !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={LEAVE_TITLE}
            message={LEAVE_MESSAGE}
            confirmLabel="Leave without saving"
            isOpen
            onCancel={() => setPending(null)}
            onConfirm={leave}
          />
        </Suspense>
      )}
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

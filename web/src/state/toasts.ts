import { useSyncExternalStore } from 'react';

export type EmailToast = { emailId: string; subject: string };

/** Spec platform §9: the e-mail toast stays 3 seconds. */
const EMAIL_TOAST_TIMEOUT_MS = 3000;

// The toast region and its queue (react-aria's toast, landmark and 34 locales of strings: about 9 KB
// gzipped) load on the first toast, so no first page pays for them (bench/portal-size.ts).
let hasShownToast = false;
const listeners = new Set<() => void>();

export function showEmailToast(toast: EmailToast): void {
  if (!hasShownToast) {
    hasShownToast = true;
    for (const listener of listeners) listener();
  }
  void import('./toast-queue.ts').then(({ emailToastQueue }) =>
    emailToastQueue.add(toast, { timeout: EMAIL_TOAST_TIMEOUT_MS }),
  );
}

/** Whether any toast was shown yet: the app mounts the toast region from then on. */
export function useHasShownToast(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hasShownToast,
    // A prerendered page is one no toast was shown on yet.
    () => false,
  );
}

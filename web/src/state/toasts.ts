import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type EmailToast = { emailId: string; subject: string };

/** Spec platform §9: the e-mail toast stays 3 seconds. */
export const EMAIL_TOAST_TIMEOUT_MS = 3000;

export const emailToastQueue = new ToastQueue<EmailToast>({ maxVisibleToasts: 3 });

export function showEmailToast(toast: EmailToast): void {
  emailToastQueue.add(toast, { timeout: EMAIL_TOAST_TIMEOUT_MS });
}

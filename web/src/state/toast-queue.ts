import { UNSTABLE_ToastQueue as ToastQueue } from '../ui/controls.ts';
import type { EmailToast } from './toasts.ts';

/** The toast queue itself: loaded with the toast region on the first toast, not on the first page. */
export const emailToastQueue = new ToastQueue<EmailToast>({ maxVisibleToasts: 3 });

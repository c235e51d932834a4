import {
  Button,
  Link,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { emailToastQueue } from '../state/toast-queue.ts';
import type { EmailToast } from '../state/toasts.ts';
import { emailPath } from './routes.ts';

/** EMAIL_SENT toasts (spec platform §2 "Other behaviour"): 3 s, at most 500 px wide. */
export function EmailToasts() {
  return (
    <ToastRegion<EmailToast> queue={emailToastQueue} className="toast-region">
      {({ toast }) => (
        <Toast toast={toast} className="toast" data-testid="email-toast">
          <ToastContent className="toast__content">
            <span className="toast__title">E-mail sent</span>
            <Link className="toast__link" href={emailPath(toast.content.emailId)}>
              {toast.content.subject}
            </Link>
          </ToastContent>
          <Button slot="close" className="icon-button" aria-label="Dismiss">
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}

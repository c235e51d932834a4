import {
  Button,
  Link,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from '../ui/controls.ts';
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
            {/* The title slot names the toast (its alertdialog role needs a name). */}
            <Text slot="title" className="toast__title">
              E-mail sent
            </Text>
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

import { Button, Link } from '../ui/controls.ts';
import { useConfigValues } from './config-values.ts';

/** The support widget, when loaded, listens for this event; without it we fall back to e-mail. */
export const OPEN_CHAT_EVENT = 'onboard:open-support-chat';

/** onboarding §8: the page-level and the action-level generic messages, each ending in the support address. */
export const PAGE_ERROR_TITLE = 'Oops! Something went wrong.';
export const PAGE_ERROR_ADVICE = "Please refresh the page and try again. If that doesn't help, email";
export const ACTION_ERROR_ADVICE = "Please try again. If that doesn't help, email";

function openChat(supportEmail: string) {
  const event = new CustomEvent(OPEN_CHAT_EVENT, { cancelable: true });
  const isUnhandled = window.dispatchEvent(event);
  if (isUnhandled) window.location.href = `mailto:${supportEmail}`;
}

/** The configured support address (the default until the configuration is loaded, and on error pages). */
export function SupportEmailLink() {
  const { supportEmail } = useConfigValues();
  return (
    <Link className="text-link" href={`mailto:${supportEmail}`}>
      {supportEmail}
    </Link>
  );
}

/** A generic message followed by the support address: "… email support@…". */
export function SupportAdvice({ advice }: { advice: string }) {
  return (
    <>
      {advice} <SupportEmailLink />
    </>
  );
}

/** Every error page offers 'Chat with us' or e-mailing support (spec platform §2 "Error screens"). */
export function SupportOptions({ isCompact = false }: { isCompact?: boolean }) {
  const { supportEmail } = useConfigValues();
  return (
    <div className={isCompact ? 'support-options support-options--compact' : 'support-options'}>
      <Button
        className={isCompact ? 'text-link' : 'button button--secondary'}
        onPress={() => openChat(supportEmail)}
      >
        Chat with us
      </Button>
      <span className="muted">
        or e-mail <SupportEmailLink />
      </span>
    </div>
  );
}

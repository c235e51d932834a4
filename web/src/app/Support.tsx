import { Button, Link } from 'react-aria-components';

export const SUPPORT_EMAIL = 'support@onboard.example';
/** The support widget, when loaded, listens for this event; without it we fall back to e-mail. */
export const OPEN_CHAT_EVENT = 'onboard:open-support-chat';

function openChat() {
  const event = new CustomEvent(OPEN_CHAT_EVENT, { cancelable: true });
  const isUnhandled = window.dispatchEvent(event);
  if (isUnhandled) window.location.href = `mailto:${SUPPORT_EMAIL}`;
}

/** Every error page offers 'Chat with us' or e-mailing support (spec platform §2 "Error screens"). */
export function SupportOptions() {
  return (
    <div className="support-options">
      <Button className="button button--secondary" onPress={openChat}>
        Chat with us
      </Button>
      <span className="muted">
        or e-mail{' '}
        <Link className="text-link" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </Link>
      </span>
    </div>
  );
}

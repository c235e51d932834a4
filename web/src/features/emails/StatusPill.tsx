const TONES: Record<string, string> = {
  QUEUED: 'pending',
  SENT: 'ok',
  DELIVERED: 'ok',
  OPENED: 'ok',
  BOUNCED: 'bad',
  FAILED: 'bad',
};

/** An e-mail's status in words, coloured by how it went. */
export function StatusPill({ status, label }: { status: string; label: string }) {
  return (
    <span className={`email-status email-status--${TONES[status] ?? 'pending'}`} data-testid="email-status">
      {label}
    </span>
  );
}

import type { ReactNode } from 'react';
import { Link } from '../../ui/controls.ts';
import { Alert } from '../../ui/Feedback.tsx';

/** How a password step ended (an alert), then the link to where the person goes next. */
export function OutcomeWithLink({
  tone,
  testId,
  message,
  link,
}: {
  tone: 'success' | 'warning';
  testId: string;
  message: ReactNode;
  link: { className: string; href: string; text: string };
}) {
  return (
    <>
      <Alert tone={tone} testId={testId}>
        {message}
      </Alert>
      <p>
        <Link className={link.className} href={link.href}>
          {link.text}
        </Link>
      </p>
    </>
  );
}

import { Heading, Link } from 'react-aria-components';
import { INDEX_PATH } from '../routes.ts';

export function MaintenancePage() {
  return (
    <div className="status-page">
      <Heading level={1}>We are doing some maintenance.</Heading>
      <p className="muted">Onboard is temporarily unavailable. Please try again in a few minutes.</p>
      <Link href={INDEX_PATH} className="button button--secondary">
        Try again
      </Link>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Heading, Link } from '../../ui/controls.ts';
import { ADMIN_HOME_PATH } from '../../app/routes.ts';

/** A client's staff page header: back to all clients, the client's name, and the page's actions. */
export function ClientPageHeader({ name, children }: { name: string; children?: ReactNode }) {
  const title = <Heading level={1}>{name}</Heading>;
  return (
    <div className="page__header">
      <Link href={ADMIN_HOME_PATH} className="back-link">
        <span aria-hidden="true">←</span> All clients
      </Link>
      {children ? (
        <div className="page__header--row">
          {title}
          {children}
        </div>
      ) : (
        title
      )}
    </div>
  );
}

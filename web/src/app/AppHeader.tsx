import { lazy, Suspense } from 'react';
import { Link } from '../ui/controls.ts';
import type { AuthenticatedUser } from '../api/types.ts';
import { homePathFor, INDEX_PATH, type ViewType } from './routes.ts';

const HeaderNav = lazy(() => import('./HeaderNav.tsx').then((m) => ({ default: m.HeaderNav })));

/** The header of each view type (spec explorer §2 "Navigation bars by area"). */
export function AppHeader({
  view,
  user,
  clientId,
}: {
  view: ViewType;
  user: AuthenticatedUser | null;
  clientId?: string;
}) {
  const home = user ? homePathFor(user.role) : INDEX_PATH;
  return (
    <header className={`app-header app-header--${view}`}>
      {/* Named by its visible text (WCAG 2.5.3 label in name), then where it leads. */}
      <Link href={home} className="brand">
        <span className="brand__mark" aria-hidden="true" />
        <span className="brand__name">Onboard</span>
        <span className="brand__tag">Group benefits setup</span>
        <span className="visually-hidden"> (home)</span>
      </Link>
      <div className="app-header__right">
        {user && (
          <Suspense fallback={null}>
            <HeaderNav view={view} user={user} clientId={clientId} />
          </Suspense>
        )}
      </div>
    </header>
  );
}

import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuthenticatedUser } from '../api/hooks.ts';
import type { AuthenticatedUser } from '../api/types.ts';
import {
  afterSignInPath,
  homePathFor,
  INDEX_PATH,
  loginPathFor,
  TERMS_OF_USE_PATH,
  type RouteDef,
} from './routes.ts';
import { ErrorPanel, PageSkeleton } from '../ui/Feedback.tsx';

function termsPathFor(currentPathWithSearch: string): string {
  const pathname = currentPathWithSearch.split(/[?#]/)[0];
  if (pathname === INDEX_PATH) return TERMS_OF_USE_PATH;
  return `${TERMS_OF_USE_PATH}?redirect=${encodeURIComponent(currentPathWithSearch)}`;
}

const isStaff = (role: AuthenticatedUser['role']) => role === 'SLF_ADMIN' || role === 'SLF_OWNER';

/** Where an auth rule sends the visitor instead of showing the page, or null to show it. */
export function gateRedirect(
  route: RouteDef,
  user: AuthenticatedUser | null | undefined,
  pathWithSearch: string,
  redirectParam: string | null,
): string | null {
  switch (route.auth) {
    case 'required':
      if (user === null) return loginPathFor(pathWithSearch);
      // A user who has not accepted the terms of use goes there before anything else.
      if (user && !user.termsOfUseDate && route.name !== 'termsOfUse') return termsPathFor(pathWithSearch);
      // A user without access to a view goes to their home (explorer §6): internal pages are staff only.
      if (user && route.view === 'internal' && !isStaff(user.role)) return homePathFor(user.role);
      return null;
    case 'not_allowed':
      if (!user) return null;
      return route.name === 'login' ? afterSignInPath(redirectParam, user.role) : homePathFor(user.role);
    case 'optional':
    case 'outside_signer':
      return null;
    default: {
      const unreachable: never = route.auth;
      throw new Error(`Unknown auth rule ${String(unreachable)}`);
    }
  }
}

/** Applies a route's auth rule (spec onboarding §2, §6). */
export function RouteGate({
  route,
  children,
}: {
  route: RouteDef;
  children: (user: AuthenticatedUser | null) => ReactNode;
}) {
  const { data: user, error, isLoading } = useAuthenticatedUser();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const known = isLoading ? undefined : user;
  const target = error
    ? null
    : gateRedirect(
        route,
        known,
        location + (search ? `?${search}` : ''),
        new URLSearchParams(search).get('redirect'),
      );

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (route.auth === 'required') {
    if (error && !user) return <ErrorPanel error={error} />;
    if (!user || target) return <PageSkeleton />;
    return <>{children(user)}</>;
  }
  if (target) return <PageSkeleton />;
  return <>{children(user ?? null)}</>;
}

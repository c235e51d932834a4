import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuthenticatedUser } from '../api/hooks.ts';
import type { AuthenticatedUser } from '../api/types.ts';
import { loginPathFor } from '../routes.ts';
import { ErrorPanel, PageSkeleton } from './Feedback.tsx';

/** Auth rule "required" (spec onboarding §2): a signed-out visitor goes to login with a redirect back. */
export function RequireAuth({ children }: { children: (user: AuthenticatedUser) => ReactNode }) {
  const { data: user, error, isLoading } = useAuthenticatedUser();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const isSignedOut = !isLoading && !error && user === null;

  useEffect(() => {
    if (isSignedOut) navigate(loginPathFor(location + (search ? `?${search}` : '')), { replace: true });
  }, [isSignedOut, location, search, navigate]);

  if (error && !user) return <ErrorPanel error={error} />;
  if (!user) return <PageSkeleton />;
  return <>{children(user)}</>;
}

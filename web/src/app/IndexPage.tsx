import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { AuthenticatedUser } from '../api/types.ts';
import { homePathFor } from './routes.ts';
import { PageSkeleton } from '../ui/Feedback.tsx';

/** `/` sends a signed-in user to their role's home (spec onboarding §2, "Home pages by role"). */
export function IndexPage({ user }: { user: AuthenticatedUser }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(homePathFor(user.role), { replace: true }), [user.role, navigate]);
  return <PageSkeleton />;
}

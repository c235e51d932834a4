import { useLocation } from 'wouter';
import { useSignOut } from '../api/hooks.ts';
import { useUnsavedGuard } from '../features/eif/forms/unsaved.tsx';
import { LOGIN_PATH } from './routes.ts';

/** Signing out leaves the page, so unsaved answers are asked about first. */
export function useSignOutAndLeave() {
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  const guard = useUnsavedGuard();
  return () =>
    guard.confirmLeave(() => {
      // Leaving for the sign-in page is right whether or not the server heard the sign-out.
      void signOut()
        .catch(() => undefined)
        .finally(() => navigate(LOGIN_PATH));
    });
}

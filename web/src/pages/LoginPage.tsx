import { useEffect, useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import { useSWRConfig } from 'swr';
import {
  AUTHENTICATED_USER_KEY,
  signInAsDemoUser,
  useAuthenticatedUser,
  useDemoUsers,
} from '../api/hooks.ts';
import { ROLE_LABELS } from '../api/types.ts';
import { safeRedirect } from '../routes.ts';
import { ErrorPanel, PageSkeleton } from '../components/Feedback.tsx';

/**
 * Development sign-in (embedded default only) until the identity-provider flow exists: one button per
 * demo user. Honours `?redirect=`; the page is not for signed-in users (auth rule not_allowed).
 */
export function LoginPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const { data: user } = useAuthenticatedUser();
  const { data: demoUsers, error } = useDemoUsers();
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const target = safeRedirect(new URLSearchParams(search).get('redirect'));

  useEffect(() => {
    if (user) navigate(target, { replace: true });
  }, [user, target, navigate]);

  const signIn = async (userId: string) => {
    setFailure(null);
    setPendingId(userId);
    try {
      await signInAsDemoUser(userId);
      await mutate(AUTHENTICATED_USER_KEY);
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Sign-in failed.');
    } finally {
      setPendingId(null);
    }
  };

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="login-title">
        <Heading level={1} id="login-title" className="auth-card__title">
          Sign in to Onboard
        </Heading>
        <p className="muted">Demo environment: choose a user to continue.</p>
        {error && <ErrorPanel error={error} />}
        {failure && (
          <div className="alert alert--error" role="alert">
            {failure}
          </div>
        )}
        {!demoUsers && !error && <PageSkeleton />}
        <ul className="demo-users">
          {demoUsers?.map((demo) => (
            <li key={demo.id}>
              <Button
                className="demo-user"
                onPress={() => void signIn(demo.id)}
                isPending={pendingId === demo.id}
                data-testid={`demo-user-${demo.role}`}
              >
                <span className="demo-user__name">{demo.name}</span>
                <span className="demo-user__meta">
                  {ROLE_LABELS[demo.role]} · {demo.email}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

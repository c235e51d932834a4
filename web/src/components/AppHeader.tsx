import { Button, Link } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useAuthenticatedUser, useSignOut } from '../api/hooks.ts';
import { ROLE_LABELS } from '../api/types.ts';
import { INDEX_PATH, LOGIN_PATH } from '../routes.ts';

export function AppHeader() {
  const { data: user } = useAuthenticatedUser();
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  return (
    <header className="app-header">
      <Link href={INDEX_PATH} className="brand" aria-label="Onboard home">
        <span className="brand__mark" aria-hidden="true" />
        <span className="brand__name">Onboard</span>
        <span className="brand__tag">Group benefits setup</span>
      </Link>
      {user && (
        <div className="app-header__user">
          <span className="avatar" aria-hidden="true">
            {user.name
              .split(' ')
              .map((part) => part[0])
              .slice(0, 2)
              .join('')}
          </span>
          <span className="app-header__who">
            <span className="app-header__name" data-testid="signed-in-user">
              {user.name}
            </span>
            <span className="app-header__role">{ROLE_LABELS[user.role]}</span>
          </span>
          <Button
            className="button button--ghost"
            onPress={async () => {
              await signOut();
              navigate(LOGIN_PATH);
            }}
          >
            Sign out
          </Button>
        </div>
      )}
    </header>
  );
}

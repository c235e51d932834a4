import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Link,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
} from 'react-aria-components';
import { useLocation } from 'wouter';
import { useSignOut } from '../api/hooks.ts';
import type { AuthenticatedUser } from '../api/types.ts';
import { ROLE_LABELS } from '../api/types.ts';
import {
  ADMIN_HOME_PATH,
  ALL_EMAILS_PATH,
  ANALYTICS_ADMIN_PATH,
  ERROR_REPORTS_PATH,
  SUPPORT_CHATS_PATH,
  BEN_ADMIN_PLATFORMS_PATH,
  BEN_ADMINS_PATH,
  BROKERS_PATH,
  FEATURE_TOGGLES_PATH,
  homePathFor,
  LOGIN_PATH,
  USERS_INTERNAL_PATH,
  type ViewType,
} from './routes.ts';
import { useUnsavedGuard } from '../features/eif/forms/unsaved.tsx';
import { OPEN_CHAT_EVENT, SupportOptions } from './Support.tsx';

// The signed-in part of the header (menus, help panel), loaded once someone is signed in: the sign-in
// page carries none of it.

/** Signing out leaves the page, so unsaved answers are asked about first. */
function useSignOutAndLeave() {
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

function initials(user: AuthenticatedUser) {
  return user.name
    .split(' ')
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
}

/** The user menu: who is signed in, plus Sign out (and extra entries for some views). */
function UserMenu({ user, extra }: { user: AuthenticatedUser; extra?: { label: string; href: string }[] }) {
  const signOut = useSignOutAndLeave();
  return (
    <MenuTrigger>
      {/* Named by its visible text (WCAG 2.5.3), after a hidden 'User menu for'. */}
      <Button className="user-menu-button">
        <span className="visually-hidden">User menu for </span>
        <span className="avatar" aria-hidden="true">
          {initials(user)}
        </span>
        <span className="app-header__who">
          <span className="app-header__name" data-testid="signed-in-user">
            {user.name}
          </span>
          <span className="app-header__role">{ROLE_LABELS[user.role]}</span>
        </span>
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" onAction={(key) => key === 'sign-out' && signOut()}>
          {(extra ?? []).map((item) => (
            <MenuItem key={item.href} id={item.href} href={item.href} className="menu__item">
              {item.label}
            </MenuItem>
          ))}
          <MenuItem id="sign-out" className="menu__item">
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Internal users link only for those who may manage internal users (design decision: owners). */
const mayManageInternalUsers = (user: AuthenticatedUser) => user.role === 'SLF_OWNER';

/**
 * Navigation for staff pages (spec explorer §2 "Navigation bars by area", internal), and an
 * Administration menu for the platform's own settings and records (our addition).
 */
function InternalNav({ user }: { user: AuthenticatedUser }) {
  return (
    <nav className="app-nav" aria-label="Main">
      <Link className="app-nav__link" href={ADMIN_HOME_PATH}>
        Home
      </Link>
      <MenuTrigger>
        <Button className="app-nav__link app-nav__menu">
          Users <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="menu-popover" placement="bottom start">
          <Menu className="menu" aria-label="Users">
            <MenuItem id="brokers" href={BROKERS_PATH} className="menu__item">
              Brokers
            </MenuItem>
            {mayManageInternalUsers(user) ? (
              <MenuItem id="internal" href={USERS_INTERNAL_PATH} className="menu__item">
                Internal users
              </MenuItem>
            ) : null}
            <MenuItem id="ben-admins" href={BEN_ADMINS_PATH} className="menu__item">
              Benefits administrator
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Link className="app-nav__link" href={ALL_EMAILS_PATH}>
        All emails
      </Link>
      <MenuTrigger>
        <Button className="app-nav__link app-nav__menu">
          Administration <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="menu-popover" placement="bottom start">
          <Menu className="menu" aria-label="Administration">
            <MenuItem id="support-chats" href={SUPPORT_CHATS_PATH} className="menu__item">
              Support chats
            </MenuItem>
            <MenuItem id="platforms" href={BEN_ADMIN_PLATFORMS_PATH} className="menu__item">
              Platforms
            </MenuItem>
            <MenuItem id="feature-toggles" href={FEATURE_TOGGLES_PATH} className="menu__item">
              Feature toggles
            </MenuItem>
            <MenuItem id="analytics" href={ANALYTICS_ADMIN_PATH} className="menu__item">
              Analytics
            </MenuItem>
            <MenuItem id="error-reports" href={ERROR_REPORTS_PATH} className="menu__item">
              Error reports
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </nav>
  );
}

function HubNav({ clientId }: { clientId: string }) {
  const base = `/client/${encodeURIComponent(clientId)}`;
  const [isHelpOpen, setHelpOpen] = useState(false);
  // 'Chat with us' in the panel opens the chat: the panel gives way to it.
  useEffect(() => {
    const close = () => setHelpOpen(false);
    window.addEventListener(OPEN_CHAT_EVENT, close);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, close);
  }, []);
  return (
    <nav className="app-nav" aria-label="Main">
      <Link className="app-nav__link" href={base}>
        Home
      </Link>
      <Link className="app-nav__link" href={`${base}/resources-listing`}>
        Employee &amp; Employer Resources
      </Link>
      <Link className="app-nav__link" href={`${base}/documents`}>
        Documents
      </Link>
      <Link className="app-nav__link" href={`${base}/emails`}>
        Emails
      </Link>
      <DialogTrigger isOpen={isHelpOpen} onOpenChange={setHelpOpen}>
        <Button className="app-nav__link app-nav__menu">Get Help</Button>
        <Popover className="menu-popover" placement="bottom start">
          <Dialog className="help-panel">
            <Heading slot="title" level={2} className="help-panel__title">
              Get Help
            </Heading>
            <p>Questions about your onboarding? Your implementation consultant is here to help.</p>
            <SupportOptions isCompact />
          </Dialog>
        </Popover>
      </DialogTrigger>
    </nav>
  );
}

function SignOutOnly() {
  const signOut = useSignOutAndLeave();
  return (
    <Button className="button button--ghost" onPress={signOut}>
      Sign Out
    </Button>
  );
}

/** The header's navigation for a signed-in user, by view type (spec explorer §2 "Navigation bars by area"). */
export function HeaderNav({
  view,
  user,
  clientId,
}: {
  view: ViewType;
  user: AuthenticatedUser;
  clientId?: string;
}) {
  const home = homePathFor(user.role);
  switch (view) {
    case 'internal':
      return (
        <>
          <InternalNav user={user} />
          <UserMenu user={user} />
        </>
      );
    case 'hub':
      return (
        <>
          {clientId ? <HubNav clientId={clientId} /> : <span />}
          <UserMenu
            user={user}
            extra={
              clientId ? [{ label: 'Company profile', href: `/client/${encodeURIComponent(clientId)}` }] : []
            }
          />
        </>
      );
    case 'broker':
    case 'benAdmin':
      return (
        <>
          <nav className="app-nav" aria-label="Main">
            <Link className="app-nav__link" href={home}>
              Home
            </Link>
          </nav>
          <UserMenu user={user} />
        </>
      );
    case 'basic':
    case 'clear':
      return <SignOutOnly />;
    case 'auth':
    case 'explorer':
    case 'outside_signer':
      return null;
    default: {
      const unreachable: never = view;
      throw new Error(`Unknown view ${String(unreachable)}`);
    }
  }
}

import { useEffect, useState } from 'react';
import { Button, Heading, Link } from 'react-aria-components';
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
  CONVERSATIONS_PATH,
  FEATURE_TOGGLES_PATH,
  homePathFor,
  USERS_INTERNAL_PATH,
  type ViewType,
} from './routes.ts';
import { useSignOutAndLeave } from './sign-out.ts';
import { OnDemandMenu, OnDemandPopover, type MenuEntry } from '../ui/OnDemandMenu.tsx';
import { OPEN_CHAT_EVENT, SupportOptions } from './Support.tsx';

// The signed-in part of the header (menus, help panel), loaded once someone is signed in: the sign-in
// page carries none of it. The menus' own code loads the first time one is opened (ui/OnDemandMenu.tsx).

function initials(user: AuthenticatedUser) {
  return user.name
    .split(' ')
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
}

/** The user menu: who is signed in, their conversations, Sign out (and extra entries for some views). */
function UserMenu({ user, extra }: { user: AuthenticatedUser; extra?: { label: string; href: string }[] }) {
  // Named by its visible text (WCAG 2.5.3), after a hidden 'User menu for'.
  const trigger = (
    <>
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
    </>
  );
  const entries: MenuEntry[] = [
    ...(extra ?? []).map((item) => ({ id: item.href, label: item.label, href: item.href })),
    { id: 'conversations', label: 'Conversations', href: CONVERSATIONS_PATH },
    { id: 'sign-out', label: 'Sign out' },
  ];
  const signOut = useSignOutAndLeave();
  return (
    <OnDemandMenu
      trigger={{ className: 'user-menu-button', children: trigger }}
      placement="bottom end"
      entries={entries}
      onAction={(id) => id === 'sign-out' && signOut()}
    />
  );
}

/** A navigation menu of links: Users, Administration. */
function NavMenu({ label, entries }: { label: string; entries: MenuEntry[] }) {
  const trigger = (
    <>
      {label} <span aria-hidden="true">▾</span>
    </>
  );
  return (
    <OnDemandMenu
      trigger={{ className: 'app-nav__link app-nav__menu', children: trigger }}
      placement="bottom start"
      label={label}
      entries={entries}
    />
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
      <NavMenu
        label="Users"
        entries={[
          { id: 'brokers', label: 'Brokers', href: BROKERS_PATH },
          ...(mayManageInternalUsers(user)
            ? [{ id: 'internal', label: 'Internal users', href: USERS_INTERNAL_PATH }]
            : []),
          { id: 'ben-admins', label: 'Benefits administrator', href: BEN_ADMINS_PATH },
        ]}
      />
      <Link className="app-nav__link" href={ALL_EMAILS_PATH}>
        All emails
      </Link>
      <NavMenu
        label="Administration"
        entries={[
          { id: 'support-chats', label: 'Support chats', href: SUPPORT_CHATS_PATH },
          { id: 'platforms', label: 'Platforms', href: BEN_ADMIN_PLATFORMS_PATH },
          { id: 'feature-toggles', label: 'Feature toggles', href: FEATURE_TOGGLES_PATH },
          { id: 'analytics', label: 'Analytics', href: ANALYTICS_ADMIN_PATH },
          { id: 'error-reports', label: 'Error reports', href: ERROR_REPORTS_PATH },
        ]}
      />
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
      <OnDemandPopover
        trigger={{ className: 'app-nav__link app-nav__menu', children: 'Get Help' }}
        placement="bottom start"
        isOpen={isHelpOpen}
        onOpenChange={setHelpOpen}
        dialogClassName="help-panel"
      >
        <Heading slot="title" level={2} className="help-panel__title">
          Get Help
        </Heading>
        <p>Questions about your onboarding? Your implementation consultant is here to help.</p>
        <SupportOptions isCompact />
      </OnDemandPopover>
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

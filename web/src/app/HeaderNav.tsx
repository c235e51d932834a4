import { useEffect, useState } from 'react';
import { Button, Heading, Link } from '../ui/controls.ts';
import type { AuthenticatedUser } from '../api/types.ts';
import { ROLE_LABELS } from '../api/types.ts';
import {
  ADMIN_HOME_PATH,
  ALL_EMAILS_PATH,
  ANALYTICS_ADMIN_PATH,
  ERROR_REPORTS_PATH,
  SUPPORT_CHATS_PATH,
  BEN_ADMIN_PLATFORMS_PATH,
  COMPANION_GUIDE_PATH,
  BEN_ADMINS_PATH,
  BROKERS_PATH,
  CONVERSATIONS_PATH,
  FEATURE_TOGGLES_PATH,
  PERSONAL_DATA_ACCESS_PATH,
  homePathFor,
  MY_WORK_PATH,
  USERS_INTERNAL_PATH,
  type ViewType,
} from './routes.ts';
import { useSignOutAndLeave } from './sign-out.ts';
import { OnDemandMenu, OnDemandPopover, type MenuEntry } from '../ui/OnDemandMenu.tsx';
import { OPEN_CHAT_EVENT, SupportOptions } from './Support.tsx';
import { ModalDialog } from '../ui/Dialogs.tsx';
import { useMediaQuery } from '../ui/media.ts';

// The signed-in part of the header (menus, help panel), loaded once someone is signed in: the sign-in
// page carries none of it. The menus' own code loads the first time one is opened (ui/OnDemandMenu.tsx).

function initials(user: AuthenticatedUser) {
  return user.name
    .split(' ')
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
}

/** The user menu: who is signed in, their own pages (Conversations, a hub's company profile), Sign out. */
function UserMenu({ user, extra }: { user: AuthenticatedUser; extra: NavLink[] }) {
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
  const entries: MenuEntry[] = [...extra, { id: 'sign-out', label: 'Sign out' }];
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

/** A link of the header's navigation, or a menu of links (Users, Administration). */
type NavLink = { id: string; label: string; href: string };
type NavGroup = { id: string; label: string; entries: NavLink[] };
type NavItem = NavLink | NavGroup;

const isGroup = (item: NavItem): item is NavGroup => 'entries' in item;

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
const internalNav = (user: AuthenticatedUser): NavItem[] => [
  { id: 'home', label: 'Home', href: ADMIN_HOME_PATH },
  { id: 'my-work', label: 'My work', href: MY_WORK_PATH },
  {
    id: 'users',
    label: 'Users',
    entries: [
      { id: 'brokers', label: 'Brokers', href: BROKERS_PATH },
      ...(mayManageInternalUsers(user)
        ? [{ id: 'internal', label: 'Internal users', href: USERS_INTERNAL_PATH }]
        : []),
      { id: 'ben-admins', label: 'Benefits administrator', href: BEN_ADMINS_PATH },
    ],
  },
  { id: 'emails', label: 'All emails', href: ALL_EMAILS_PATH },
  {
    id: 'administration',
    label: 'Administration',
    entries: [
      { id: 'support-chats', label: 'Support chats', href: SUPPORT_CHATS_PATH },
      { id: 'platforms', label: 'Platforms', href: BEN_ADMIN_PLATFORMS_PATH },
      { id: 'companion-guide', label: '834 companion guide', href: COMPANION_GUIDE_PATH },
      { id: 'feature-toggles', label: 'Feature toggles', href: FEATURE_TOGGLES_PATH },
      { id: 'analytics', label: 'Analytics', href: ANALYTICS_ADMIN_PATH },
      { id: 'error-reports', label: 'Error reports', href: ERROR_REPORTS_PATH },
      ...(mayManageInternalUsers(user)
        ? [{ id: 'personal-data-access', label: 'Personal data access log', href: PERSONAL_DATA_ACCESS_PATH }]
        : []),
    ],
  },
];

const hubBase = (clientId: string) => `/client/${encodeURIComponent(clientId)}`;

/** A client's hub (spec explorer §2, hub); Get Help follows the links. */
const hubNav = (clientId: string): NavItem[] => [
  { id: 'home', label: 'Home', href: hubBase(clientId) },
  { id: 'my-work', label: 'My work', href: MY_WORK_PATH },
  { id: 'resources', label: 'Employee & Employer Resources', href: `${hubBase(clientId)}/resources-listing` },
  { id: 'documents', label: 'Documents', href: `${hubBase(clientId)}/documents` },
  { id: 'emails', label: 'Emails', href: `${hubBase(clientId)}/emails` },
];

/** The header's links and menus on a wide screen. */
function WideNav({ items, hasHelp }: { items: NavItem[]; hasHelp: boolean }) {
  return (
    <nav className="app-nav" aria-label="Main">
      {items.map((item) =>
        isGroup(item) ? (
          <NavMenu key={item.id} label={item.label} entries={item.entries} />
        ) : (
          <Link key={item.id} className="app-nav__link" href={item.href}>
            {item.label}
          </Link>
        ),
      )}
      {hasHelp && <HelpPopover />}
    </nav>
  );
}

/** 'Get Help': the implementation consultant's ways to be reached, in a panel under the header. */
function HelpPopover() {
  const [isHelpOpen, setHelpOpen] = useState(false);
  // 'Chat with us' in the panel opens the chat: the panel gives way to it.
  useEffect(() => {
    const close = () => setHelpOpen(false);
    window.addEventListener(OPEN_CHAT_EVENT, close);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, close);
  }, []);
  return (
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
      <p>{HELP_TEXT}</p>
      <SupportOptions isCompact />
    </OnDemandPopover>
  );
}

const HELP_TEXT = 'Questions about your onboarding? Your implementation consultant is here to help.';

/**
 * The header on a phone: one 'Menu' button that opens every link, menu entry, 'Get Help' and the
 * account (who is signed in, Sign out) in a full-screen dialog.
 */
function PhoneMenu({
  user,
  items,
  hasHelp,
  extra,
}: {
  user: AuthenticatedUser;
  items: NavItem[];
  hasHelp: boolean;
  extra: NavLink[];
}) {
  const [isOpen, setOpen] = useState(false);
  const signOut = useSignOutAndLeave();
  const close = () => setOpen(false);
  // 'Chat with us' opens the chat: the menu gives way to it.
  useEffect(() => {
    window.addEventListener(OPEN_CHAT_EVENT, close);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, close);
  }, []);
  const link = (entry: NavLink) => (
    <li key={entry.id}>
      <Link className="phone-menu__link" href={entry.href} onPress={close}>
        {entry.label}
      </Link>
    </li>
  );
  return (
    <>
      <Button className="phone-menu-button" onPress={() => setOpen(true)}>
        <span className="avatar" aria-hidden="true">
          {initials(user)}
        </span>
        <span>Menu</span>
      </Button>
      <ModalDialog title="Menu" isOpen={isOpen} onOpenChange={setOpen} isSheet>
        <nav aria-label="Main" className="phone-menu">
          <ul className="phone-menu__list">
            {items.filter((item) => !isGroup(item)).map((item) => link(item as NavLink))}
          </ul>
          {items.filter(isGroup).map((group) => (
            <section key={group.id} aria-labelledby={`phone-menu-${group.id}`}>
              <Heading level={3} id={`phone-menu-${group.id}`} className="phone-menu__group">
                {group.label}
              </Heading>
              <ul className="phone-menu__list">{group.entries.map(link)}</ul>
            </section>
          ))}
        </nav>
        {hasHelp && (
          <section aria-labelledby="phone-menu-help" className="phone-menu__help">
            <Heading level={3} id="phone-menu-help" className="phone-menu__group">
              Get Help
            </Heading>
            <p>{HELP_TEXT}</p>
            <SupportOptions isCompact />
          </section>
        )}
        <section aria-labelledby="phone-menu-account" className="phone-menu__account">
          <Heading level={3} id="phone-menu-account" className="phone-menu__group">
            Signed in as
          </Heading>
          <p>
            <span className="app-header__name" data-testid="signed-in-user">
              {user.name}
            </span>
            <span className="muted"> ({ROLE_LABELS[user.role]})</span>
          </p>
          {extra.length > 0 && <ul className="phone-menu__list">{extra.map(link)}</ul>}
          <div className="dialog__actions">
            <Button className="button button--secondary" onPress={close}>
              Close
            </Button>
            <Button className="button button--primary" onPress={signOut}>
              Sign out
            </Button>
          </div>
        </section>
      </ModalDialog>
    </>
  );
}

/** Below this width the header's links give way to the phone menu. */
const PHONE_HEADER_QUERY = '(max-width: 1023px)';

/** The links, menus and user menu of a signed-in header: side by side, or behind 'Menu' on a phone. */
function SignedInNav({
  user,
  items,
  hasHelp = false,
  extra = [],
}: {
  user: AuthenticatedUser;
  items: NavItem[];
  hasHelp?: boolean;
  extra?: NavLink[];
}) {
  const isPhone = useMediaQuery(PHONE_HEADER_QUERY);
  const account: NavLink[] = [
    ...extra,
    { id: 'conversations', label: 'Conversations', href: CONVERSATIONS_PATH },
  ];
  if (isPhone) return <PhoneMenu user={user} items={items} hasHelp={hasHelp} extra={account} />;
  return (
    <>
      {items.length > 0 || hasHelp ? <WideNav items={items} hasHelp={hasHelp} /> : <span />}
      <UserMenu user={user} extra={account} />
    </>
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
      return <SignedInNav user={user} items={internalNav(user)} />;
    case 'hub':
      return (
        <SignedInNav
          user={user}
          items={clientId ? hubNav(clientId) : []}
          hasHelp={Boolean(clientId)}
          extra={
            clientId ? [{ id: 'company-profile', label: 'Company profile', href: hubBase(clientId) }] : []
          }
        />
      );
    case 'broker':
    case 'benAdmin':
      return (
        <SignedInNav
          user={user}
          items={[
            { id: 'home', label: 'Home', href: home },
            { id: 'my-work', label: 'My work', href: MY_WORK_PATH },
          ]}
        />
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

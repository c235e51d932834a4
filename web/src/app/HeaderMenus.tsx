import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
} from 'react-aria-components';
import { useSignOutAndLeave } from './sign-out.ts';
import { SupportOptions } from './Support.tsx';

// The header's menus and help panel, loaded the first time someone opens one (HeaderNav.tsx shows a
// stand-in button until then): they open at once and take focus the way react-aria's own trigger would.

/** How the first opening was asked for: a key picks the first (or last) item, a pointer focuses the menu. */
export type MenuOpening = 'first' | 'last' | null;

export type MenuEntry = { id: string; label: string; href?: string };

/** Open on mount, with the trigger focused first so closing gives focus back to it. */
function useOpenOnMount() {
  const button = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [isFirstOpening, setFirstOpening] = useState(true);
  useEffect(() => {
    button.current?.focus();
    setOpen(true);
  }, []);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setFirstOpening(false);
  };
  return { button, isOpen, isFirstOpening, onOpenChange };
}

/** A menu of links (and, for the user menu, Sign out) behind the trigger `children`. */
export function HeaderMenu({
  opening,
  buttonClassName,
  placement,
  label,
  entries,
  children,
}: {
  opening: MenuOpening;
  buttonClassName: string;
  placement: 'bottom start' | 'bottom end';
  /** The menu's name when the trigger's text is not it (the user menu is named by its trigger). */
  label?: string;
  entries: MenuEntry[];
  children: ReactNode;
}) {
  const { button, isOpen, isFirstOpening, onOpenChange } = useOpenOnMount();
  const signOut = useSignOutAndLeave();
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button ref={button} className={buttonClassName}>
        {children}
      </Button>
      <Popover className="menu-popover" placement={placement}>
        <Menu
          className="menu"
          aria-label={label}
          autoFocus={isFirstOpening ? (opening ?? true) : undefined}
          onAction={(key) => key === 'sign-out' && signOut()}
        >
          {entries.map((item) => (
            <MenuItem key={item.id} id={item.id} href={item.href} className="menu__item">
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The hub's Get Help panel, open while `isOpen` (HubNav closes it when the chat opens). */
export function HelpPanel({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    onOpenChange(true);
    // Opens once, when first loaded; later openings are the trigger's own.
  }, [onOpenChange]);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button ref={button} className="app-nav__link app-nav__menu">
        Get Help
      </Button>
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
  );
}

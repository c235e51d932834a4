import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  type Key,
} from 'react-aria-components';

// The real menus and popover panels behind OnDemandMenu.tsx's stand-ins, loaded the first time one is
// opened: they open at once, with their trigger focused first so closing gives focus back to it, and
// take focus the way react-aria's own trigger would have.

/** How the first opening was asked for: a key picks the first (or last) item, a pointer focuses the menu. */
export type MenuOpening = 'first' | 'last' | null;

export type MenuEntry = { id: string; label: string; href?: string; className?: string };

export type Placement = 'bottom start' | 'bottom end';

/** The trigger a stand-in replaces: same look, same name. */
export type TriggerLook = { className: string; 'aria-label'?: string; children: ReactNode };

export function LoadedMenu({
  opening,
  trigger,
  placement,
  label,
  entries,
  onAction,
}: {
  opening: MenuOpening;
  trigger: TriggerLook;
  placement: Placement;
  /** The menu's name when the trigger's text is not it. */
  label?: string;
  entries: MenuEntry[];
  onAction?: (id: string) => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [isFirstOpening, setFirstOpening] = useState(true);
  useEffect(() => {
    button.current?.focus();
    setOpen(true);
  }, []);
  return (
    <MenuTrigger
      isOpen={isOpen}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFirstOpening(false);
      }}
    >
      <Button ref={button} className={trigger.className} aria-label={trigger['aria-label']}>
        {trigger.children}
      </Button>
      <Popover className="menu-popover" placement={placement}>
        <Menu
          className="menu"
          aria-label={label}
          autoFocus={isFirstOpening ? (opening ?? true) : undefined}
          onAction={(key: Key) => onAction?.(String(key))}
        >
          {entries.map((item) => (
            <MenuItem key={item.id} id={item.id} href={item.href} className={item.className ?? 'menu__item'}>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** A panel in a popover behind a button, open while `isOpen`. */
export type PopoverDialogProps = {
  trigger: TriggerLook;
  placement: Placement;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  dialogClassName: string;
  dialogLabel?: string;
  children: ReactNode;
};

/** A panel in a popover, open while `isOpen`; it opens when first loaded. */
export function LoadedPopoverDialog({
  trigger,
  placement,
  isOpen,
  onOpenChange,
  dialogClassName,
  dialogLabel,
  children,
}: PopoverDialogProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    onOpenChange(true);
  }, [onOpenChange]);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button ref={button} className={trigger.className} aria-label={trigger['aria-label']}>
        {trigger.children}
      </Button>
      <Popover className="menu-popover" placement={placement}>
        <Dialog className={dialogClassName} aria-label={dialogLabel}>
          {children}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

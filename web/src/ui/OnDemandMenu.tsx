import { useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type * as LoadedMenuModule from './LoadedMenu.tsx';
import type { MenuEntry, MenuOpening, Placement, PopoverDialogProps, TriggerLook } from './LoadedMenu.tsx';

// Menus and popover panels whose code (react-aria's menu, popover and dialog) loads the first time one
// is opened, so a page's first load carries none of it. Until then a stand-in button that looks and is
// named like the real trigger holds the place (marked busy while the code loads, keeping its place and
// focus); opening it (press, Enter, Space, arrow keys) opens the real one with focus inside. Pointing at
// or focusing the stand-in starts the load early.

export type { MenuEntry } from './LoadedMenu.tsx';

type Loaded = typeof LoadedMenuModule;
let loading: Promise<Loaded> | null = null;

/** The real menus' code, fetched once; a failed fetch is tried again next time. */
function loadMenus(): Promise<Loaded> {
  loading ??= import('./LoadedMenu.tsx').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function preload() {
  loadMenus().catch(() => undefined);
}

function OnDemand({
  trigger,
  popup,
  render,
}: {
  trigger: TriggerLook;
  popup: 'menu' | 'dialog';
  render: (loaded: Loaded, opening: MenuOpening) => ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ module: Loaded; opening: MenuOpening } | null>(null);
  const [isLoading, setLoading] = useState(false);
  if (loaded) return render(loaded.module, loaded.opening);
  const open = (opening: MenuOpening) => {
    if (isLoading) return;
    setLoading(true);
    loadMenus().then(
      (module) => setLoaded({ module, opening }),
      () => setLoading(false),
    );
  };
  return (
    <Button
      className={trigger.className}
      aria-label={trigger['aria-label']}
      aria-haspopup={popup}
      aria-expanded={false}
      aria-busy={isLoading || undefined}
      onHoverStart={preload}
      onFocus={preload}
      // As react-aria's menu trigger does: a key or a screen reader focuses the first item.
      onPress={(event) =>
        open(event.pointerType === 'keyboard' || event.pointerType === 'virtual' ? 'first' : null)
      }
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') open('first');
        else if (event.key === 'ArrowUp') open('last');
        else event.continuePropagation();
      }}
    >
      {trigger.children}
    </Button>
  );
}

/** A menu of actions or links behind a button; `onAction` gets the chosen entry's id. */
export function OnDemandMenu(props: {
  trigger: TriggerLook;
  placement: Placement;
  label?: string;
  entries: MenuEntry[];
  onAction?: (id: string) => void;
}) {
  return (
    <OnDemand
      trigger={props.trigger}
      popup="menu"
      render={({ LoadedMenu }, opening) => <LoadedMenu opening={opening} {...props} />}
    />
  );
}

/** A panel in a popover behind a button, open while `isOpen` (`onOpenChange` must be stable, a setter). */
export function OnDemandPopover(props: PopoverDialogProps) {
  return (
    <OnDemand
      trigger={props.trigger}
      popup="dialog"
      render={({ LoadedPopoverDialog }) => <LoadedPopoverDialog {...props} />}
    />
  );
}

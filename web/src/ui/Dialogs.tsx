import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { ModalDialogProps } from './LoadedModalDialog.tsx';

// A page's dialogs cost nothing until one opens: the modal's code (react-aria's overlay, modal and dialog)
// loads then, while a box with the dialog's title says it is loading; focus stays on what opened it, and
// the dialog takes it once shown and gives it back when closed.

const LoadedModalDialog = lazy(() =>
  import('./LoadedModalDialog.tsx').then((m) => ({ default: m.LoadedModalDialog })),
);

/** A modal dialog with a title; content decides its own buttons. */
export function ModalDialog(props: ModalDialogProps) {
  const [hasOpened, setHasOpened] = useState(props.isOpen);
  if (props.isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense
      fallback={
        props.isOpen ? (
          <div className="modal-overlay">
            <div className={props.isSheet ? 'modal modal--sheet' : 'modal'} role="status" aria-busy="true">
              <div className="dialog">
                <p className="dialog__title">{props.title}</p>
                <p>Loading…</p>
              </div>
            </div>
          </div>
        ) : null
      }
    >
      <LoadedModalDialog {...props} />
    </Suspense>
  );
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  isOpen,
  isPending,
  onCancel,
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  isOpen: boolean;
  isPending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} isAlert>
      <p>{message}</p>
      <div className="dialog__actions">
        <Button className="button button--secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button className="button button--danger" onPress={onConfirm} isPending={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}

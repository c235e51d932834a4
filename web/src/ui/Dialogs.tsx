import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/** A modal dialog with a title; content decides its own buttons. */
export function ModalDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  isAlert = false,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  isAlert?: boolean;
}) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!isAlert}
    >
      <Modal className="modal">
        <Dialog className="dialog" role={isAlert ? 'alertdialog' : 'dialog'}>
          <Heading slot="title" level={2} className="dialog__title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
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

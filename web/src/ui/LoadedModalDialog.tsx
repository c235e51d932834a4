import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

// The modal dialog itself (react-aria's overlay, modal and dialog), loaded when a dialog first opens
// (Dialogs.tsx).

export function LoadedModalDialog({
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

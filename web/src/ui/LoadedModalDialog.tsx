import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

// The modal dialog itself (react-aria's overlay, modal and dialog), loaded when a dialog first opens
// (Dialogs.tsx).

/** A modal dialog with a title; content decides its own buttons. */
export type ModalDialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  isAlert?: boolean;
  /** Slides in from the side, full height (the phone menu). */
  isSheet?: boolean;
};

export function LoadedModalDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  isAlert = false,
  isSheet = false,
}: ModalDialogProps) {
  return (
    <ModalOverlay
      className={isSheet ? 'modal-overlay modal-overlay--sheet' : 'modal-overlay'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!isAlert}
    >
      <Modal className={isSheet ? 'modal modal--sheet' : 'modal'}>
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

import type { ReactNode } from 'react';
import { Button } from './controls.ts';
import { Alert } from './Feedback.tsx';

/**
 * The end of a dialog's form: the form's failure (when there is one) above its buttons, Cancel first and
 * then the form's own (`children`).
 */
export function FormFooter({
  error,
  errorTestId,
  onCancel,
  children,
}: {
  error: string | null | undefined;
  errorTestId?: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <Alert tone="error" testId={errorTestId}>
          {error}
        </Alert>
      )}
      <div className="dialog__actions">
        <Button className="button button--secondary" onPress={onCancel}>
          Cancel
        </Button>
        {children}
      </div>
    </>
  );
}

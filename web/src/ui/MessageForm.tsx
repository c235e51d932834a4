import type { ReactNode } from 'react';
import { Button, FieldError, Form, Label, TextArea, TextField } from 'react-aria-components';

/** The classes of the box in the portal and in the public Explorer (which has its own). */
const LOOKS = {
  portal: {
    field: 'field',
    label: 'field__label',
    textArea: 'input',
    rows: 3,
    error: 'field__error',
    button: 'button button--primary',
  },
  explorer: {
    field: 'explorer-field',
    label: undefined,
    textArea: undefined,
    rows: 2,
    error: undefined,
    button: 'explorer-button explorer-button--brand',
  },
};

/**
 * A message to write and its send button (chats and conversations): the text, its error beside it, and
 * a button that says when it is sending. `children` stand between the box and the button.
 */
export function MessageForm({
  className,
  look = 'portal',
  label,
  value,
  onChange,
  maxLength,
  error,
  onSend,
  send,
  children,
}: {
  className: string;
  look?: keyof typeof LOOKS;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error: string | undefined;
  onSend: () => void;
  /** The button's words. */
  send: string;
  children?: ReactNode;
}) {
  const classes = LOOKS[look];
  return (
    <Form
      className={className}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <TextField
        className={classes.field}
        value={value}
        onChange={onChange}
        maxLength={maxLength}
        isInvalid={error !== undefined}
        validationBehavior="aria"
      >
        <Label className={classes.label}>{label}</Label>
        <TextArea className={classes.textArea} rows={classes.rows} />
        <FieldError className={classes.error}>{error}</FieldError>
      </TextField>
      {children}
      {/* Not disabled while sending: a disabled button would drop the keyboard focus. */}
      <Button type="submit" className={classes.button}>
        {send}
      </Button>
    </Form>
  );
}

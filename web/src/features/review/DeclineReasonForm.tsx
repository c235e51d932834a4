import type { FormEvent, ReactNode } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useCheckedText } from '../../ui/field-binding.ts';
import { Button, FieldError, Form, Label, TextArea, TextField } from '../../ui/controls.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { useAction } from '../../api/action.ts';

/**
 * Asks for the reason a decline needs (onboarding §4): staff declining a client's changes and an outside
 * signer declining the updates use the same form, with their own wording.
 */
export function DeclineReasonForm(props: {
  intro?: ReactNode;
  label: string;
  submitLabel: string;
  onDecline: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { value: reason, error, setError, change: changeReason } = useCheckedText();
  const decline = useAction((why: string) => props.onDecline(why), {
    onError: (caught) =>
      setError(
        caught instanceof ApiError ? (caught.fieldErrors.reason ?? caught.message) : GENERIC_ERROR_MESSAGE,
      ),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Please provide a reason for declining');
      return;
    }
    void decline.run(reason.trim());
  };

  return (
    <Form className="form--stack" onSubmit={onSubmit} validationBehavior="aria">
      {props.intro}
      <TextField
        className="field"
        name="reason"
        value={reason}
        onChange={changeReason}
        isInvalid={error !== null}
        autoFocus
      >
        <Label className="field__label">{props.label}</Label>
        <TextArea className="field__input field__textarea" rows={3} />
        <FieldError className="field__error">{error}</FieldError>
      </TextField>
      <FormFooter error={null} onCancel={props.onCancel}>
        <Button type="submit" className="button button--danger" isPending={decline.isPending}>
          {props.submitLabel}
        </Button>
      </FormFooter>
    </Form>
  );
}

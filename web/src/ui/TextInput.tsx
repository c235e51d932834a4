import { FieldError, Input, Label, TextArea, TextField } from 'react-aria-components';
import { Description, valueFieldRoot, type FieldProps } from './field.tsx';

export function TextInput(props: TextInputProps) {
  const { placeholder, suffix, suggestions } = props;
  const input = (
    <Input
      className={`field__input ${props.inputClassName ?? ''}`}
      placeholder={placeholder}
      list={suggestions}
    />
  );
  return (
    <TextField
      {...valueFieldRoot(props)}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      autoComplete={props.autoComplete}
    >
      <Label className="field__label">{props.label}</Label>
      {props.isMultiline ? (
        <TextArea className="field__input field__textarea" rows={3} />
      ) : suffix ? (
        <div className="field__affix">
          {input}
          <span aria-hidden="true">{suffix}</span>
        </div>
      ) : (
        input
      )}
      <Description>{props.description}</Description>
      <FieldError className="field__error">{props.error}</FieldError>
    </TextField>
  );
}

type TextInputProps = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  isRequired?: boolean;
  placeholder?: string | undefined;
  inputMode?: 'numeric' | 'decimal' | 'text' | undefined;
  autoComplete?: string;
  /** A text area of three rows instead of a one-line box. */
  isMultiline?: boolean;
  inputClassName?: string;
  /** Shown after the box, such as a unit ('%'). */
  suffix?: string;
  /** The id of a <datalist> whose entries the box suggests; any other text is still accepted. */
  suggestions?: string;
};

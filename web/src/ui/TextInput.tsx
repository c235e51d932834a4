import { FieldError, Input, Label, TextArea, TextField } from 'react-aria-components';
import { Description, type FieldProps } from './field.tsx';

export function TextInput({
  label,
  value,
  onChange,
  error,
  description,
  className,
  name,
  fieldKey,
  type = 'text',
  isRequired = false,
  placeholder,
  inputMode,
  autoComplete,
  isMultiline = false,
  inputClassName,
  suffix,
  suggestions,
}: FieldProps & {
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
}) {
  const input = (
    <Input className={`field__input ${inputClassName ?? ''}`} placeholder={placeholder} list={suggestions} />
  );
  return (
    <TextField
      className={`field ${className ?? ''}`}
      name={name}
      value={value}
      onChange={onChange}
      type={type}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      inputMode={inputMode}
      autoComplete={autoComplete}
      data-field={fieldKey}
    >
      <Label className="field__label">{label}</Label>
      {isMultiline ? (
        <TextArea className="field__input field__textarea" rows={3} />
      ) : suffix ? (
        <div className="field__affix">
          {input}
          <span aria-hidden="true">{suffix}</span>
        </div>
      ) : (
        input
      )}
      <Description>{description}</Description>
      <FieldError className="field__error">{error}</FieldError>
    </TextField>
  );
}

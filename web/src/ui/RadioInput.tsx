import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { Description, type FieldProps, type Option } from './field.tsx';

/** A choice shown as a row of radio buttons; `null` when nothing is chosen yet. */
export function RadioInput({
  label,
  value,
  options,
  onChange,
  error,
  description,
  className,
  name,
  fieldKey,
  isRequired = false,
}: FieldProps & {
  value: string | null;
  options: readonly Option[];
  onChange: (value: string) => void;
  isRequired?: boolean;
}) {
  return (
    <RadioGroup
      className={`field ${className ?? ''}`}
      name={name}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      data-field={fieldKey}
    >
      <Label className="field__label">{label}</Label>
      <Description>{description}</Description>
      <div className="radio-row">
        {options.map((option) => (
          <Radio key={option.value} className="radio" value={option.value}>
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldError className="field__error">{error}</FieldError>
    </RadioGroup>
  );
}

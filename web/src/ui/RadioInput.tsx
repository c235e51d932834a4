import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { Description, valueFieldRoot, type ChoiceProps } from './field.tsx';

/** A choice shown as a row of radio buttons; `null` when nothing is chosen yet. */
export function RadioInput(props: ChoiceProps<string | null>) {
  return (
    <RadioGroup {...valueFieldRoot(props)}>
      <Label className="field__label">{props.label}</Label>
      <Description>{props.description}</Description>
      <div className="radio-row">
        {props.options.map((option) => (
          <Radio key={option.value} className="radio" value={option.value}>
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldError className="field__error">{props.error}</FieldError>
    </RadioGroup>
  );
}

import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { Description, fieldRoot, type ChoiceProps } from './field.tsx';

/** A choice from a list in a popover; '' when nothing is chosen. */
export function SelectInput(props: ChoiceProps<string> & { placeholder?: string }) {
  const { value, options, onChange, error } = props;
  return (
    <Select
      {...fieldRoot(props)}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isRequired={props.isRequired ?? false}
      placeholder={props.placeholder ?? 'Select…'}
    >
      <Label className="field__label">{props.label}</Label>
      <Button className="field__input select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </Button>
      <Description>{props.description}</Description>
      <FieldError className="field__error">{error}</FieldError>
      <Popover className="menu-popover select__popover">
        <ListBox className="menu" items={options.map((o) => ({ id: o.value, ...o }))}>
          {(option) => (
            <ListBoxItem id={option.id} className="menu__item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

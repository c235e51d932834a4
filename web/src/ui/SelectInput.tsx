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
import { Description, type FieldProps, type Option } from './field.tsx';

/** A choice from a list in a popover; '' when nothing is chosen. */
export function SelectInput({
  label,
  value,
  options,
  onChange,
  error,
  description,
  className,
  fieldKey,
  isRequired = false,
  placeholder = 'Select…',
}: FieldProps & {
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  isRequired?: boolean;
  placeholder?: string;
}) {
  return (
    <Select
      className={`field ${className ?? ''}`}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      placeholder={placeholder}
      data-field={fieldKey}
    >
      <Label className="field__label">{label}</Label>
      <Button className="field__input select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </Button>
      <Description>{description}</Description>
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

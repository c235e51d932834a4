import type { ReactNode } from 'react';
import {
  Button,
  Checkbox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Text,
  TextField,
} from 'react-aria-components';
import './explorer-admin.css';

export type Option = { value: string; label: string };

export function TextInput({
  label,
  value,
  onChange,
  error,
  description,
  type = 'text',
  isRequired = false,
  placeholder,
  inputMode,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  description?: ReactNode;
  type?: string;
  isRequired?: boolean;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  className?: string;
}) {
  return (
    <TextField
      className={`field ${className ?? ''}`}
      value={value}
      onChange={onChange}
      type={type}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      inputMode={inputMode}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" placeholder={placeholder} />
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{error}</FieldError>
    </TextField>
  );
}

/** A required choice shown as a row of radio buttons. */
export function RadioInput({
  label,
  value,
  options,
  onChange,
  error,
  className,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  error?: string;
  className?: string;
}) {
  return (
    <RadioGroup
      className={`field ${className ?? ''}`}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired
    >
      <Label className="field__label">{label}</Label>
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

export function SelectInput({
  label,
  value,
  options,
  onChange,
  error,
  isRequired = false,
  placeholder = 'Select…',
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  error?: string;
  isRequired?: boolean;
  placeholder?: string;
}) {
  return (
    <Select
      className="field"
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      placeholder={placeholder}
    >
      <Label className="field__label">{label}</Label>
      <Button className="field__input xa-select">
        <SelectValue className="xa-select__value" />
        <span aria-hidden="true" className="xa-select__chevron">
          ▾
        </span>
      </Button>
      <FieldError className="field__error">{error}</FieldError>
      <Popover className="menu-popover xa-select__popover">
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

/** A checkbox on its own (isSelected/onChange) or inside a CheckboxGroup (value). */
export function CheckboxInput({
  children,
  isSelected,
  onChange,
  value,
}: {
  children: ReactNode;
  isSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  value?: string;
}) {
  return (
    <Checkbox className="checkbox" isSelected={isSelected} onChange={onChange} value={value}>
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18">
          <polyline points="2 9 7 14 16 4" />
        </svg>
      </span>
      {children}
    </Checkbox>
  );
}

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
import { Description, RequiredMark, type ControlProps, type Option } from './FieldControl.tsx';

export function Dropdown({ props, options }: { props: ControlProps; options: Option[] }) {
  const { field, value, onChange, error } = props;
  const selected = value === null || value === undefined || value === '' ? null : String(value);
  return (
    <Select
      className="field eif-form__select"
      selectedKey={selected}
      onSelectionChange={(key) => {
        if (key === null) return onChange(null);
        onChange(field.kind === 'month' ? Number(key) : String(key));
      }}
      isInvalid={Boolean(error)}
      placeholder="Select…"
      data-field={field.key}
    >
      <Label className="field__label">
        {field.label}
        <RequiredMark field={field} />
      </Label>
      <Button className="field__input eif-form__select-button">
        <SelectValue className="eif-form__select-value" />
        <span aria-hidden="true">▾</span>
      </Button>
      <Description field={field} />
      <FieldError className="field__error">{error}</FieldError>
      <Popover className="menu-popover eif-form__popover">
        <ListBox className="menu" items={options}>
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

import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { CheckboxBox } from './CheckboxBox.tsx';
import { Description, type FieldProps, type Option } from './field.tsx';

/**
 * The one checkbox of the web: on its own (isSelected/onChange) or inside a CheckboxGroup (value). The
 * portal draws its tick box (CheckboxBox); the public Explorer (`look="explorer"`) draws its own, in the
 * site's colours.
 */
export function CheckboxInput({
  children,
  isSelected,
  onChange,
  value,
  name,
  className,
  look = 'portal',
}: {
  children: ReactNode;
  isSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  value?: string;
  name?: string;
  className?: string;
  look?: 'portal' | 'explorer';
}) {
  return (
    <Checkbox
      className={look === 'explorer' ? `explorer-checkbox ${className ?? ''}` : `checkbox ${className ?? ''}`}
      isSelected={isSelected}
      onChange={onChange}
      value={value}
      name={name}
    >
      {({ isSelected: isTicked }) => (
        <>
          {look === 'explorer' ? (
            <span className="explorer-checkbox-box" aria-hidden="true">
              {isTicked ? '✓' : ''}
            </span>
          ) : (
            <CheckboxBox />
          )}
          {children}
        </>
      )}
    </Checkbox>
  );
}

/** Several choices as a list of checkboxes; `empty` is shown when there is nothing to choose from. */
export function CheckboxGroupInput({
  label,
  value,
  options,
  onChange,
  error,
  description,
  className,
  fieldKey,
  empty,
}: FieldProps & {
  value: readonly string[];
  options: readonly Option[];
  onChange: (value: string[]) => void;
  empty?: ReactNode;
}) {
  return (
    <CheckboxGroup
      className={`field ${className ?? ''}`}
      value={[...value]}
      onChange={onChange}
      isInvalid={Boolean(error)}
      data-field={fieldKey}
    >
      <Label className="field__label">{label}</Label>
      <Description>{description}</Description>
      {options.length === 0 && empty ? (
        <p className="muted field__empty">{empty}</p>
      ) : (
        <div className="checkbox-list">
          {options.map((option) => (
            <CheckboxInput key={option.value} value={option.value}>
              {option.label}
            </CheckboxInput>
          ))}
        </div>
      )}
      <FieldError className="field__error">{error}</FieldError>
    </CheckboxGroup>
  );
}

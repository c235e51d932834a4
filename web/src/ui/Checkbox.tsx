import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { CheckboxBox } from './CheckboxBox.tsx';
import { Description, fieldRoot, type ChoiceProps } from './field.tsx';

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
export function CheckboxGroupInput(
  props: Omit<ChoiceProps<readonly string[]>, 'onChange'> & {
    onChange: (value: string[]) => void;
    empty?: ReactNode;
  },
) {
  const { options, empty, error } = props;
  return (
    <CheckboxGroup {...fieldRoot(props)} value={[...props.value]} onChange={props.onChange}>
      <Label className="field__label">{props.label}</Label>
      <Description>{props.description}</Description>
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

import { useId, useState, type ReactNode } from 'react';
import { CheckboxBox } from './CheckboxBox.tsx';

/**
 * A labelled text box and a checkbox on the browser's own input, looking as the portal's (TextField,
 * Checkbox.tsx): for a page that keeps within its first-page budget (bench/portal-size.ts) without the
 * text field's and checkbox's library code, as NativeSelect does for a choice. The sign-in form uses them.
 */
export function NativeTextField({
  label,
  name,
  type = 'text',
  value,
  onChange,
  autoComplete,
  isRequired = false,
  description,
}: {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  isRequired?: boolean;
  description?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field" data-required={isRequired || undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type={type}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        aria-required={isRequired || undefined}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      {description && (
        <span className="field__description" id={`${id}-description`}>
          {description}
        </span>
      )}
    </div>
  );
}

/** A checkbox with the portal's tick box; its focus ring shows when the keyboard brings it there. */
export function NativeCheckbox({
  children,
  isSelected,
  onChange,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
}) {
  const [isFocusVisible, setIsFocusVisible] = useState(false);
  return (
    <label
      className="checkbox"
      data-selected={isSelected || undefined}
      data-focus-visible={isFocusVisible || undefined}
    >
      <input
        type="checkbox"
        className="visually-hidden"
        checked={isSelected}
        onChange={(event) => onChange(event.target.checked)}
        onFocus={(event) => setIsFocusVisible(event.target.matches(':focus-visible'))}
        onBlur={() => setIsFocusVisible(false)}
      />
      <CheckboxBox />
      {children}
    </label>
  );
}

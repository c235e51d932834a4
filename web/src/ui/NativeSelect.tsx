import type { ReactNode } from 'react';

/** One choice of a native select: the value it sends, the words it shows. */
export type NativeOption = { readonly value: string; readonly label: string };

/**
 * A labelled choice on the browser's own select: for pages that keep within their first-page budget
 * (bench/portal-size.ts) without the popover select's code, and where tests choose by value. `placeholder`
 * is a first choice of '' ("Choose a template"); `children` follow the select inside the label (its
 * error).
 */
export function NativeSelect({
  label,
  value,
  options,
  onChange,
  placeholder,
  isDisabled = false,
  className = 'field',
  inputClassName = 'field__input',
  testId,
  fieldKey,
  children,
}: {
  label: string;
  value: string;
  options: readonly NativeOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
  inputClassName?: string;
  testId?: string;
  /** The answer's key the page's error summary leads to (`data-field`). */
  fieldKey?: string;
  children?: ReactNode;
}) {
  return (
    <label className={className}>
      <span className="field__label">{label}</span>
      <select
        className={inputClassName}
        value={value}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        data-field={fieldKey}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
    </label>
  );
}

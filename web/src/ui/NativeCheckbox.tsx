import type { ReactNode } from 'react';
import { CheckboxBox } from './CheckboxBox.tsx';

/**
 * A checkbox on the native input, drawn like the react-aria ones (`.checkbox`, `.checkbox__box`), for
 * screens that load before the control library: the sign-in steps.
 */
export function NativeCheckbox({
  isSelected,
  onChange,
  children,
}: {
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="checkbox checkbox--native" data-selected={isSelected || undefined}>
      <input
        type="checkbox"
        className="visually-hidden"
        checked={isSelected}
        onChange={(event) => onChange(event.target.checked)}
      />
      <CheckboxBox />
      {children}
    </label>
  );
}

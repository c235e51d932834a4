/** The tick drawn inside the portal's checkbox (ui/Checkbox.tsx). */
export function CheckboxBox() {
  return (
    <span className="checkbox__box" aria-hidden="true">
      <svg viewBox="0 0 18 18">
        <polyline points="2 9 7 14 16 4" />
      </svg>
    </span>
  );
}

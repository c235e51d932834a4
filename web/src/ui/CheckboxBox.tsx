/** The tick drawn inside every checkbox (the react-aria ones and the native one of the sign-in steps). */
export function CheckboxBox() {
  return (
    <span className="checkbox__box" aria-hidden="true">
      <svg viewBox="0 0 18 18">
        <polyline points="2 9 7 14 16 4" />
      </svg>
    </span>
  );
}

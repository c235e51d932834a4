import { Input, Label, SearchField } from 'react-aria-components';

/** The search box of a list page: the text is searched as it is typed. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <SearchField className={`field search-field ${className ?? ''}`} value={value} onChange={onChange}>
      <Label className="field__label">Search</Label>
      <Input className="field__input" placeholder={placeholder} />
    </SearchField>
  );
}

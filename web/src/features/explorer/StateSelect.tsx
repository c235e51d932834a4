import { useEffect, useRef, useState } from 'react';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from '../../ui/controls.ts';
import { US_STATE_CODES } from '@onboard/domain/web';
import { useLocale } from './context.ts';

/** A state picker's value (a state code, '' before one is chosen), its change and its error. */
export type StatePickerProps = { value: string; onChange: (state: string) => void; error?: string };

/**
 * A US state (50 states plus DC, explorer §5) chosen from a react-aria Select. With `autoOpen` (the
 * visitor already asked for the list through StatePickerTrigger) it takes focus and opens at once; its
 * own button holds focus first, so closing the list gives focus back to it.
 */
export function StateSelect({
  value,
  onChange,
  error,
  autoOpen = false,
}: StatePickerProps & { autoOpen?: boolean }) {
  const { t } = useLocale();
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The button takes focus before the list opens, so the list records it as the place to give focus back.
  useEffect(() => {
    if (!autoOpen) return;
    button.current?.focus();
    setOpen(true);
  }, [autoOpen]);
  return (
    <Select
      className="explorer-field"
      isOpen={isOpen}
      onOpenChange={setOpen}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isRequired
      isInvalid={error !== undefined}
      validationBehavior="aria"
      placeholder={t.chooseState}
    >
      <Label>{t.state}</Label>
      <Button ref={button} className="explorer-select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError>{error}</FieldError>
      <Popover className="explorer-popover">
        <ListBox className="explorer-listbox">
          {US_STATE_CODES.map((code) => (
            <ListBoxItem key={code} id={code} className="explorer-option">
              {code}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

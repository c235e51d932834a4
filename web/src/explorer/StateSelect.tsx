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
import { US_STATE_CODES } from '../../../domain/src/explorer/catalogues.ts';
import { useLocale } from './context.ts';

/** A US state (50 states plus DC, explorer §5) chosen from a react-aria Select. */
export function StateSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (state: string) => void;
  error?: string;
}) {
  const { t } = useLocale();
  return (
    <Select
      className="explorer-field"
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isRequired
      isInvalid={error !== undefined}
      validationBehavior="aria"
      placeholder={t.chooseState}
    >
      <Label>{t.state}</Label>
      <Button className="explorer-select-button">
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

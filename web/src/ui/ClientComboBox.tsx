import { useEffect, useState } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { useRead } from '../api/client.ts';

export type ClientChoice = { id: string; name: string };

/** What the picker reads of GET /api/clients (the client list's page, features/clients/api.ts). */

/** The search waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 200;

/** The value once it has stopped changing for a moment (typed searches). */
export function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * A client chosen by name: the typed text searches GET /api/clients?search= (the first 10 by name), and a
 * client is only ever picked from the answers, never typed as an id. Drafts and clients in `exclude` are
 * not offered.
 */
export function ClientComboBox({
  label,
  value,
  onChange,
  exclude = [],
  error,
}: {
  label: string;
  value: ClientChoice | null;
  onChange: (client: ClientChoice | null) => void;
  exclude?: readonly string[];
  error?: string;
}) {
  const [text, setText] = useState(value?.name ?? '');
  const search = useDebounced(text.trim());
  // Once a client is chosen its name is the text; the list then offers everything again.
  const query = value && text === value.name ? '' : search;
  const { data, isLoading } = useRead(
    '/api/clients',
    {},
    { limit: 10, search: query },
    { keepPreviousData: true },
  );
  const items = (data?.items ?? [])
    .filter((client) => !client.isDraft && !exclude.includes(client.id))
    .map((client) => ({ id: client.id, name: client.name || 'Unnamed client' }));

  return (
    <ComboBox
      className="field client-combobox"
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (value && next !== value.name) onChange(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const chosen = items.find((client) => client.id === key) ?? null;
        if (chosen) {
          setText(chosen.name);
          onChange(chosen);
        }
      }}
      items={items}
      menuTrigger="focus"
      allowsEmptyCollection
      isInvalid={Boolean(error)}
    >
      <Label className="field__label">{label}</Label>
      <div className="client-combobox__group">
        <Input className="field__input" placeholder="Search clients by name" />
        <Button className="client-combobox__button" aria-label="Show clients">
          ▾
        </Button>
      </div>
      <FieldError className="field__error">{error}</FieldError>
      <Popover className="menu-popover client-combobox__popover">
        <ListBox<ClientChoice>
          className="menu"
          renderEmptyState={() => (
            <p className="muted client-combobox__empty">{isLoading ? 'Searching…' : 'No clients found'}</p>
          )}
        >
          {(client: ClientChoice) => (
            <ListBoxItem id={client.id} className="menu__item" textValue={client.name}>
              {client.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

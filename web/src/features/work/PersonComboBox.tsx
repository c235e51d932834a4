import { useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from '../../ui/controls.ts';
import { ROLE_LABELS } from '../../api/types.ts';
import { useDebounced } from '../../ui/ClientComboBox.tsx';
import { usePeopleSearch, type PersonChoice } from './api.ts';

const personLabel = (person: PersonChoice) => `${person.name} · ${ROLE_LABELS[person.role]}`;

/**
 * Staff pick whose work to read by name or e-mail: the typed text searches the users of every role, and a
 * person is only ever picked from the answers, never typed as an id.
 */
export function PersonComboBox({
  value,
  onChange,
}: {
  value: PersonChoice | null;
  onChange: (person: PersonChoice) => void;
}) {
  const [text, setText] = useState(value ? personLabel(value) : '');
  const [isOpen, setIsOpen] = useState(false);
  const search = useDebounced(text.trim());
  const query = value && text === personLabel(value) ? '' : search;
  const { data, isLoading } = usePeopleSearch(query, !isOpen && query === '');
  const items = (data?.items ?? []).map(({ id, name, email, role }) => ({ id, name, email, role }));
  return (
    <ComboBox
      className="field client-combobox"
      inputValue={text}
      onInputChange={setText}
      onOpenChange={setIsOpen}
      // The text is ours (the person shown may not be among the last search's answers), so leaving the
      // field keeps it; a person is still only chosen from the list.
      selectedKey={null}
      allowsCustomValue
      onSelectionChange={(key) => {
        const chosen = items.find((person) => person.id === key);
        if (chosen) {
          setText(personLabel(chosen));
          onChange(chosen);
        }
      }}
      items={items}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Label className="field__label">Whose work</Label>
      <div className="client-combobox__group">
        <Input className="field__input" placeholder="Search people by name or e-mail" />
        <Button className="client-combobox__button" aria-label="Show people">
          ▾
        </Button>
      </div>
      <Popover className="menu-popover client-combobox__popover">
        <ListBox<PersonChoice>
          className="menu"
          renderEmptyState={() => (
            <p className="muted client-combobox__empty">{isLoading ? 'Searching…' : 'Nobody found'}</p>
          )}
        >
          {(person: PersonChoice) => (
            <ListBoxItem id={person.id} className="menu__item" textValue={personLabel(person)}>
              {person.name}{' '}
              <span className="muted">
                · {ROLE_LABELS[person.role]} · {person.email}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

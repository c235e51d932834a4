import { useState } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from '../../ui/controls.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import type { UserListItem } from '../users/api.ts';

/** What the picker shows of a person. */
type Picked = Pick<UserListItem, 'id' | 'firstName' | 'lastName' | 'email'>;
import { Alert } from '../../ui/Feedback.tsx';
import { transferExplorerOwnership, useAllInternalUsers, userLabel } from './api.ts';
import { useAction } from '../../api/action.ts';

/**
 * An internal user, found by typing part of a name or e-mail address: every internal user is offered,
 * however many pages the user list has.
 */
export function UserPicker({
  label,
  users,
  value,
  onChange,
  error,
  isLoading = false,
  isRequired = false,
}: {
  label: string;
  users: readonly Picked[];
  value: string;
  onChange: (userId: string) => void;
  error?: string;
  isLoading?: boolean;
  isRequired?: boolean;
}) {
  // ComboBox filters its own items by what is typed (contains, ignoring case and accents).
  return (
    <ComboBox
      className="field"
      defaultItems={users.map((u) => ({ id: u.id, name: userLabel(u) }))}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      menuTrigger="focus"
      isInvalid={Boolean(error)}
      isRequired={isRequired}
    >
      <Label className="field__label">{label}</Label>
      <div className="xa-combobox">
        <Input
          className="field__input"
          placeholder={isLoading ? 'Loading users…' : 'Type a name or e-mail'}
        />
        <Button className="xa-combobox__button" aria-label={`Show all: ${label}`}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      {isLoading && (
        <Text slot="description" className="field__description">
          Loading users…
        </Text>
      )}
      <FieldError className="field__error">{error}</FieldError>
      <Popover className="menu-popover select__popover">
        <ListBox className="menu" renderEmptyState={() => <div className="menu__item">No matching user</div>}>
          {(item: { id: string; name: string }) => (
            <ListBoxItem id={item.id} className="menu__item" textValue={item.name}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** Moves every Explorer site of one owner, for all clients, to another internal user. */
export function TransferDialog({
  owners,
  onClose,
  onDone,
}: {
  /** The owners offered as "current owner"; the first is chosen. */
  owners: string[];
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const { data: users, error: usersError, isLoading } = useAllInternalUsers();
  const [from, setFrom] = useState(owners[0] ?? '');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ownerUsers: Picked[] = owners.map(
    (id) =>
      users?.find((u) => u.id === id) ?? {
        id,
        firstName: 'Unknown',
        lastName: 'user',
        email: id,
      },
  );

  const transfer = useAction(
    async (owner: string, newOwner: string) =>
      onDone((await transferExplorerOwnership(owner, newOwner)).transferred.length),
    {
      onError: (caught) => {
        const fieldErrors = caught instanceof ApiError ? caught.fieldErrors : {};
        if (fieldErrors['params.newOwnerId']) setErrors({ to: fieldErrors['params.newOwnerId'] });
      },
    },
  );
  // A refusal of the new owner shows at that field; anything else above the buttons.
  const failure = transfer.fieldErrors['params.newOwnerId'] ? null : transfer.error;

  const submit = () => {
    const found: Record<string, string> = {};
    if (!from) found.from = 'Please select the current owner.'; // chosen
    if (!to)
      found.to = 'Please select the new owner.'; // chosen
    else if (to === from) found.to = 'The new owner must be someone else.'; // chosen
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void transfer.run(from, to);
  };

  return (
    <>
      <p className="muted">
        Every Explorer site of the current owner, for all clients, moves to the new owner.
      </p>
      <div className="form--stack">
        {/* Keyed by the loaded list, so the picker shows the chosen user's name once it is known. */}
        <UserPicker
          key={`from-${users?.length ?? 0}`}
          label="Current owner"
          users={ownerUsers}
          value={from}
          onChange={setFrom}
          error={errors.from}
          isRequired
        />
        <UserPicker
          key={`to-${users?.length ?? 0}`}
          label="New owner"
          users={users ?? []}
          value={to}
          onChange={setTo}
          error={errors.to}
          isLoading={isLoading}
          isRequired
        />
      </div>
      {usersError && <Alert tone="error">{errorMessage(usersError)}</Alert>}
      <FormFooter error={failure} onCancel={onClose}>
        <Button className="button button--primary" onPress={submit} isPending={transfer.isPending}>
          Transfer
        </Button>
      </FormFooter>
    </>
  );
}

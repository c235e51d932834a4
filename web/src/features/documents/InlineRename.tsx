import { useState } from 'react';
import { Button, Input, TextField } from '../../ui/controls.ts';
import './documents.css';
import { useAction } from '../../api/action.ts';

/**
 * A file's new name, typed in place: Save sends it (a refusal leaves the form open for another try), Cancel
 * closes it. Used by the documents screen and the census task's file list.
 */
export function InlineRename({
  name,
  onRename,
  onClose,
}: {
  name: string;
  onRename: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(name);
  // The caller shows a refusal; the form stays open.
  const save = useAction((next: string) => onRename(next), { onSuccess: onClose });
  return (
    <form
      className="document__rename"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run(draft);
      }}
    >
      <TextField value={draft} onChange={setDraft} aria-label={`New name for ${name}`} autoFocus>
        <Input className="field__input" />
      </TextField>
      <Button type="submit" className="button button--primary button--small" isPending={save.isPending}>
        Save
      </Button>
      <Button className="button button--secondary button--small" onPress={onClose}>
        Cancel
      </Button>
    </form>
  );
}

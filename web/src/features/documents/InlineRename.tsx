import { useState } from 'react';
import { Button, Input, TextField } from '../../ui/controls.ts';
import './documents.css';

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
  const [isBusy, setIsBusy] = useState(false);
  const save = async () => {
    setIsBusy(true);
    try {
      await onRename(draft);
      onClose();
    } catch {
      // The caller shows the refusal; the form stays open.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form
      className="document__rename"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField value={draft} onChange={setDraft} aria-label={`New name for ${name}`} autoFocus>
        <Input className="field__input" />
      </TextField>
      <Button type="submit" className="button button--primary button--small" isPending={isBusy}>
        Save
      </Button>
      <Button className="button button--secondary button--small" onPress={onClose}>
        Cancel
      </Button>
    </form>
  );
}

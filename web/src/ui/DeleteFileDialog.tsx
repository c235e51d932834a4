import { ConfirmDialog } from './Dialogs.tsx';

/**
 * Asks before a file is deleted: `title` ("Delete this document?"), the file's name once chosen (else
 * `unnamed`, what the message says of it), Delete while `isPending` busy.
 */
export function DeleteFileDialog<File>({
  title,
  file,
  name,
  unnamed,
  isPending,
  onCancel,
  onDelete,
}: {
  title: string;
  file: File | null;
  name: (file: File) => string;
  unnamed: string;
  isPending: boolean;
  onCancel: () => void;
  onDelete: (file: File) => unknown;
}) {
  return (
    <ConfirmDialog
      title={title}
      message={
        file
          ? `“${name(file)}” will no longer be listed or downloadable.`
          : `${unnamed} will no longer be listed.`
      }
      confirmLabel="Delete"
      isOpen={file !== null}
      isPending={isPending}
      onCancel={onCancel}
      onConfirm={() => file && void onDelete(file)}
    />
  );
}

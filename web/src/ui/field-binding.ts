import { useState } from 'react';

/** Field errors keyed by the field's name (or a server path such as `benefits.0.planName`). */
export type Errors = Record<string, string>;

type KeysOfType<D, V> = { [K in keyof D]-?: D[K] extends V ? K : never }[keyof D] & string;

/** What a text or select control takes from the draft. */
export type TextBinding = { value: string; onChange: (value: string) => void; error?: string };
/** What a checkbox takes from the draft. */
export type FlagBinding = { isSelected: boolean; onChange: (isSelected: boolean) => void };

export type FieldBinder<D> = {
  text: (key: KeysOfType<D, string>) => TextBinding;
  /** As `text`, the field also named by its key for the form (`name`) and for pages and tests (`fieldKey`). */
  named: (key: KeysOfType<D, string>) => TextBinding & { name: string; fieldKey: string };
  flag: (key: KeysOfType<D, boolean>) => FlagBinding;
};

/**
 * Wires a draft's fields to controls: `<TextInput label="Site name" {...bind.text('name')} />` gets the
 * value, the change handler (which also clears the field's error) and the error, so each field is one
 * line rather than four that can drift apart (a value read from one key, written to another).
 */
export function bindFields<D>(
  draft: D,
  errors: Readonly<Record<string, string | undefined>>,
  set: <K extends keyof D>(key: K, value: D[K]) => void,
): FieldBinder<D> {
  const text = (key: KeysOfType<D, string>): TextBinding => ({
    value: draft[key] as string,
    onChange: (value) => set(key, value as D[typeof key]),
    error: errors[key] || undefined,
  });
  return {
    text,
    named: (key) => ({ ...text(key), name: key, fieldKey: key }),
    flag: (key) => ({
      isSelected: draft[key] as boolean,
      onChange: (isSelected) => set(key, isSelected as D[typeof key]),
    }),
  };
}

/**
 * A form's draft and its errors: `set` changes a field and clears its error, `bind` wires the fields to
 * controls (bindFields).
 */
export function useDraft<D, E extends Readonly<Record<string, string | undefined>> = Errors>(
  initial: D | (() => D),
) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<E>({} as E);
  const set = <K extends keyof D>(key: K, value: D[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  return { draft, setDraft, errors, setErrors, set, bind: bindFields(draft, errors, set) };
}

/**
 * One text a form checks on its own (a reason, an e-mail, a reply): its value and its error; `change`
 * sets the text and clears the error, so the message goes as soon as the user corrects the text.
 */
export function useCheckedText(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const change = (next: string) => {
    setValue(next);
    setError(null);
  };
  return { value, setValue, error, setError, change };
}

import type { ReactNode } from 'react';
import { Text } from 'react-aria-components';

// The one set of form controls over react-aria-components (web/src/ui/): every feature builds its fields
// from them, so a label, its description and its error look and behave the same everywhere. Each control
// is its own module, so a page downloads only the controls it shows.

export type Option = { value: string; label: string };

/** What every field has: a label (text, or text with a mark), an optional description and error. */
export type FieldProps = {
  label: ReactNode;
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
  /** Names the control for the form (radio groups and text boxes). */
  name?: string;
  /** Marks the field's element (`data-field`) so a page or test can find a field by its key. */
  fieldKey?: string;
};

/** What the root of every field control takes from the field's props: its class, whether it is invalid, its key. */
export function fieldRoot({ className, error, fieldKey }: FieldProps) {
  return { className: `field ${className ?? ''}`, isInvalid: Boolean(error), 'data-field': fieldKey };
}

/** The root of a field holding a value: `fieldRoot`, with its name, value, change and whether it is required. */
export function valueFieldRoot<V>(
  props: FieldProps & { value: V; onChange: (value: string) => void; isRequired?: boolean },
) {
  return {
    ...fieldRoot(props),
    name: props.name,
    value: props.value,
    onChange: props.onChange,
    isRequired: props.isRequired ?? false,
  };
}

/** What a choice among options takes: the chosen value, the options and the change. */
export type ChoiceProps<V> = FieldProps & {
  value: V;
  options: readonly Option[];
  onChange: (value: string) => void;
  isRequired?: boolean;
};

export function Description({ children }: { children: ReactNode }) {
  return children ? (
    <Text slot="description" className="field__description">
      {children}
    </Text>
  ) : null;
}

import { CheckboxGroupInput } from '../../../ui/Checkbox.tsx';
import { RadioInput } from '../../../ui/RadioInput.tsx';
import { lazy, Suspense } from 'react';
import { TextInput } from '../../../ui/TextInput.tsx';
import { type Option } from '../../../ui/field.tsx';
import { ANSWER, type FieldDef } from '@onboard/domain/web';
import type { EditingView } from './api.ts';
import { contactLabel, contactRows, locationLabel, locationRows } from './sections.ts';
import { MONTHS } from './values.ts';
import { useBenAdminPlatforms } from '../../ben-admin-platforms/api.ts';

type ControlProps = {
  field: FieldDef;
  /** The form's value (text for text boxes, the wire value otherwise). */
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  view: EditingView;
  /** Makes ids and names unique when one form shows the same field for several policies or plans. */
  scope: string;
};

/** Radio buttons read better than a list for a few options; more go in a select. */
const MAX_RADIOS = 4;

const PLACEHOLDERS: Partial<Record<FieldDef['kind'], string>> = {
  taxId: '##-#######',
  phone: '###-###-####',
  zip: '#####',
  state: 'e.g. NY',
  mmdd: 'MM/DD',
  date: 'YYYY-MM-DD',
  percentage: '0–100',
};

function Labelled({ field }: { field: FieldDef }) {
  return (
    <>
      {field.label}
      {field.required || /\(optional\)/i.test(field.label) ? null : (
        <span className="eif-form__optional"> (optional)</span>
      )}
    </>
  );
}

/** What every control of a question shares: its label, description, error and names. */
const common = (props: ControlProps) => ({
  label: <Labelled field={props.field} />,
  description: props.field.description,
  error: props.error,
  fieldKey: props.field.key,
});

/** A question answered by choosing among options shown together (radios, checkboxes). */
const optionGroup = (props: ControlProps) => ({ ...common(props), className: 'eif-form__group' });

function Radios({ props, options }: { props: ControlProps; options: Option[] }) {
  const { field, value, onChange } = props;
  return (
    <RadioInput
      {...optionGroup(props)}
      name={`${props.scope}.${field.key}`}
      value={value === null || value === undefined ? null : String(value)}
      options={options}
      onChange={(next) => onChange(field.kind === 'boolean' ? next === 'true' : next)}
    />
  );
}

/** The select control loads with the first form that has one (its popover and list box are large). */
const SelectInput = lazy(() =>
  import('../../../ui/SelectInput.tsx').then((m) => ({ default: m.SelectInput })),
);

function Dropdown({ props, options }: { props: ControlProps; options: Option[] }) {
  const { field, value, onChange } = props;
  return (
    <Suspense fallback={<div className="field" aria-busy="true" />}>
      <SelectInput
        {...common(props)}
        value={value === null || value === undefined ? '' : String(value)}
        options={options}
        onChange={(key) => {
          if (key === '') return onChange(null);
          onChange(field.kind === 'month' ? Number(key) : key);
        }}
      />
    </Suspense>
  );
}

function Checkboxes({ props, options }: { props: ControlProps; options: Option[] }) {
  const { field, value, onChange } = props;
  return (
    <CheckboxGroupInput
      {...optionGroup(props)}
      value={Array.isArray(value) ? value.map(String) : []}
      options={options}
      onChange={onChange}
      empty={field.kind === 'locations' ? 'No locations have been added yet.' : 'Nothing to choose from.'}
    />
  );
}

/**
 * The benefits-administration system's name is free text (an employer may use one we do not list), with
 * the staff catalogue's active platforms offered as suggestions.
 */
function PlatformSuggestions({ id }: { id: string }) {
  const { data } = useBenAdminPlatforms();
  return (
    <datalist id={id}>
      {(data ?? []).map((p) => (
        <option key={p.platformId} value={p.name} />
      ))}
    </datalist>
  );
}

function TextBox(props: ControlProps) {
  const { field, value, onChange } = props;
  const suggestions =
    field.key === 'benAdminPlatformName' ? `${props.scope}.${field.key}.suggestions` : undefined;
  const isNumber = field.kind === 'number' || field.kind === 'percentage';
  return (
    <>
      <TextInput
        {...common(props)}
        name={`${props.scope}.${field.key}`}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
        inputMode={
          isNumber
            ? field.kind === 'number' && field.integer
              ? 'numeric'
              : 'decimal'
            : field.kind === 'zip'
              ? 'numeric'
              : undefined
        }
        autoComplete="off"
        isMultiline={field.kind === 'text' && field.multiline === true}
        inputClassName={`eif-form__input eif-form__input--${field.kind}`}
        placeholder={PLACEHOLDERS[field.kind]}
        suffix={field.kind === 'percentage' ? '%' : undefined}
        suggestions={suggestions}
      />
      {suggestions && <PlatformSuggestions id={suggestions} />}
    </>
  );
}

const toOptions = (labels: Readonly<Record<string, string>>, codes: readonly string[]): Option[] =>
  codes.map((code) => ({ value: code, label: labels[code] ?? code }));

/** One question as the control that fits its kind, with its label, description and error. */
export function FieldControl(props: ControlProps) {
  const { field, view } = props;
  switch (field.kind) {
    case 'text':
    case 'taxId':
    case 'email':
    case 'phone':
    case 'zip':
    case 'state':
    case 'mmdd':
    case 'date':
    case 'number':
    case 'percentage':
      return <TextBox {...props} />;
    case 'month':
      return <Dropdown props={props} options={MONTHS.map((label, i) => ({ value: String(i + 1), label }))} />;
    case 'boolean':
      return (
        <Radios
          props={props}
          options={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
      );
    case 'answer':
      return <Radios props={props} options={toOptions(ANSWER.labels, ANSWER.codes)} />;
    case 'choice': {
      const options = toOptions(field.enumeration.labels, field.enumeration.codes);
      return options.length <= MAX_RADIOS ? (
        <Radios props={props} options={options} />
      ) : (
        <Dropdown props={props} options={options} />
      );
    }
    case 'multiChoice':
      return (
        <Checkboxes props={props} options={toOptions(field.enumeration.labels, field.enumeration.codes)} />
      );
    case 'locations':
      return (
        <Checkboxes
          props={props}
          options={locationRows(view).map((location) => ({
            value: location.id,
            label: locationLabel(location),
          }))}
        />
      );
    case 'contact': {
      const types = field.contactTypes;
      const contacts = contactRows(view).filter((c) => !types || types.includes(String(c.type)));
      return (
        <Dropdown props={props} options={contacts.map((c) => ({ value: c.id, label: contactLabel(c) }))} />
      );
    }
    default: {
      const unknown: never = field;
      throw new Error(`Unknown field kind ${JSON.stringify(unknown)}`);
    }
  }
}

import { lazy, Suspense } from 'react';
import {
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { ANSWER } from '@onboard/domain/eif/steps/enumerations';
import type { FieldDef } from '@onboard/domain/eif/forms/types';
import type { EditingView } from './api.ts';
import { contactLabel, contactRows, locationLabel, locationRows } from './sections.ts';
import { MONTHS } from './values.ts';

export type Option = { id: string; label: string };

export type ControlProps = {
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

export function Description({ field }: { field: FieldDef }) {
  return field.description ? (
    <Text slot="description" className="field__description">
      {field.description}
    </Text>
  ) : null;
}

export function RequiredMark({ field }: { field: FieldDef }) {
  return field.required || /\(optional\)/i.test(field.label) ? null : (
    <span className="eif-form__optional"> (optional)</span>
  );
}

function CheckMark() {
  return (
    <span className="checkbox__box" aria-hidden="true">
      <svg viewBox="0 0 18 18">
        <polyline points="2 9 7 14 16 4" />
      </svg>
    </span>
  );
}

function Radios({ props, options }: { props: ControlProps; options: Option[] }) {
  const { field, value, onChange, error } = props;
  const selected = value === null || value === undefined ? null : String(value);
  return (
    <RadioGroup
      className="field eif-form__group"
      name={`${props.scope}.${field.key}`}
      value={selected}
      onChange={(next) => onChange(field.kind === 'boolean' ? next === 'true' : next)}
      isInvalid={Boolean(error)}
      data-field={field.key}
    >
      <Label className="field__label">
        {field.label}
        <RequiredMark field={field} />
      </Label>
      <Description field={field} />
      <div className="radio-row">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className="radio">
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldError className="field__error">{error}</FieldError>
    </RadioGroup>
  );
}

/** The select control loads with the first form that has one (the popover and list box are large). */
const LazyDropdown = lazy(() => import('./Dropdown.tsx').then((m) => ({ default: m.Dropdown })));
function Dropdown(input: { props: ControlProps; options: Option[] }) {
  return (
    <Suspense fallback={<div className="field eif-form__select" aria-busy="true" />}>
      <LazyDropdown {...input} />
    </Suspense>
  );
}

function Checkboxes({ props, options }: { props: ControlProps; options: Option[] }) {
  const { field, value, onChange, error } = props;
  return (
    <CheckboxGroup
      className="field eif-form__group"
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={onChange}
      isInvalid={Boolean(error)}
      data-field={field.key}
    >
      <Label className="field__label">
        {field.label}
        <RequiredMark field={field} />
      </Label>
      <Description field={field} />
      {options.length === 0 ? (
        <p className="muted eif-form__empty">
          {field.kind === 'locations' ? 'No locations have been added yet.' : 'Nothing to choose from.'}
        </p>
      ) : (
        <div className="checkbox-list eif-form__checkboxes">
          {options.map((option) => (
            <Checkbox key={option.id} value={option.id} className="checkbox">
              <CheckMark />
              {option.label}
            </Checkbox>
          ))}
        </div>
      )}
      <FieldError className="field__error">{error}</FieldError>
    </CheckboxGroup>
  );
}

function TextBox(props: ControlProps) {
  const { field, value, onChange, error } = props;
  const isNumber = field.kind === 'number' || field.kind === 'percentage';
  const isMultiline = field.kind === 'text' && field.multiline === true;
  const inputType = field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text';
  return (
    <TextField
      className="field"
      name={`${props.scope}.${field.key}`}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      isInvalid={Boolean(error)}
      type={inputType}
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
      data-field={field.key}
    >
      <Label className="field__label">
        {field.label}
        <RequiredMark field={field} />
      </Label>
      {isMultiline ? (
        <TextArea className="field__input field__textarea" rows={3} />
      ) : (
        <div className={field.kind === 'percentage' ? 'eif-form__affix' : undefined}>
          <Input
            className={`field__input eif-form__input eif-form__input--${field.kind}`}
            placeholder={PLACEHOLDERS[field.kind]}
          />
          {field.kind === 'percentage' && <span aria-hidden="true">%</span>}
        </div>
      )}
      <Description field={field} />
      <FieldError className="field__error">{error}</FieldError>
    </TextField>
  );
}

const toOptions = (labels: Readonly<Record<string, string>>, codes: readonly string[]): Option[] =>
  codes.map((code) => ({ id: code, label: labels[code] ?? code }));

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
      return <Dropdown props={props} options={MONTHS.map((label, i) => ({ id: String(i + 1), label }))} />;
    case 'boolean':
      return (
        <Radios
          props={props}
          options={[
            { id: 'true', label: 'Yes' },
            { id: 'false', label: 'No' },
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
            id: location.id,
            label: locationLabel(location),
          }))}
        />
      );
    case 'contact': {
      const types = field.contactTypes;
      const contacts = contactRows(view).filter((c) => !types || types.includes(String(c.type)));
      return <Dropdown props={props} options={contacts.map((c) => ({ id: c.id, label: contactLabel(c) }))} />;
    }
    default: {
      const unknown: never = field;
      throw new Error(`Unknown field kind ${JSON.stringify(unknown)}`);
    }
  }
}

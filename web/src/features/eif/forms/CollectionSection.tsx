import { useState, type FormEvent } from 'react';
import { FormFooter } from '../../../ui/FormFooter.tsx';
import { Button, Form, Heading } from '../../../ui/controls.ts';
import {
  isFieldShown,
  validateFields,
  type FieldDef,
  type FormSection,
  formatAnswer,
} from '@onboard/domain/web';
import {
  deleteCollectionItem,
  saveCollectionItem,
  useApplyEditingView,
  useReloadEditingView,
  type EditingView,
  type EntityRow,
} from './api.ts';
import { ConfirmDialog, ModalDialog } from '../../../ui/Dialogs.tsx';
import { useReportDirty } from './unsaved.tsx';
import { FieldControl } from './FieldControl.tsx';
import { asDomainView } from './status.ts';
import { CONFLICT_NOTICE, focusFirstError, reloadNewerThan, saveFailure } from './save.ts';
import { collectionItems } from './sections.ts';
import { changedValues, shownWireValues, wireValues } from './values.ts';
import { useFieldAnswers } from './answers.ts';

type CollectionDef = Extract<FormSection, { type: 'collection' }>;
type Notice = { tone: 'warning' | 'error'; text: string } | null;

/** An item's own buttons: edit it, delete it. */
const ITEM_ACTIONS = [
  { label: 'Edit', className: '', open: 'edit' },
  { label: 'Delete', className: ' eif-form__delete', open: 'delete' },
] as const;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The first few answers of an item, enough to tell the items apart in the list. */
function itemSummary(section: CollectionDef, item: EntityRow, view: EditingView) {
  const names = asDomainView(view);
  const formatFieldValue = (field: FieldDef, value: unknown) => formatAnswer(field, value, names);
  const shown = section.fields.filter(
    (f) => isFieldShown(f, item) && item[f.key] !== undefined && item[f.key] !== null,
  );
  const [first, ...rest] = shown;
  return {
    title: first ? formatFieldValue(first, item[first.key]) : capitalized(section.itemLabel),
    details: rest.slice(0, 3).map((field) => `${field.label}: ${formatFieldValue(field, item[field.key])}`),
  };
}

/** The add / edit dialog of one item; saving sends it at once. */
function ItemDialog({
  section,
  view,
  item,
  onClose,
}: {
  section: CollectionDef;
  view: EditingView;
  /** null to add a new item. */
  item: EntityRow | null;
  onClose: () => void;
}) {
  const apply = useApplyEditingView();
  const reload = useReloadEditingView();
  const base: EntityRow = item ?? { id: '', ...section.fixed };
  const { state, setErrors, control } = useFieldAnswers(section.fields, base);
  const [notice, setNotice] = useState<Notice>(null);
  const [isSaving, setIsSaving] = useState(false);
  const values = wireValues(section.fields, base, state);
  const title = `${item ? 'Edit' : 'Add'} ${section.itemLabel}`;
  useReportDirty(
    `item:${section.entity}:${item?.id ?? 'new'}`,
    Object.keys(changedValues(section.fields, base, state)).length > 0,
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog is portaled, but React still bubbles the submit to forms around the section.
    event.stopPropagation();
    setNotice(null);
    const shown = shownWireValues(section.fields, base, state);
    const found = validateFields(section.fields, shown, { current: base });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget);
      return;
    }
    const sent = item
      ? changedValues(section.fields, base, state)
      : { ...Object.fromEntries(Object.entries(shown).filter(([, v]) => v !== null)), ...section.fixed };
    if (item && Object.keys(sent).length === 0) {
      onClose();
      return;
    }
    setIsSaving(true);
    const form = event.currentTarget;
    try {
      await apply(await saveCollectionItem(view.id, view.version, section.entity, item?.id ?? null, sent));
      onClose();
    } catch (caught) {
      const failure = saveFailure(caught);
      // A collision on named answers reloads like a conflict here: the form then shows their answers.
      if (failure.type === 'conflict' || failure.type === 'collision') {
        await reloadNewerThan(view.version, () => reload(view.id));
        setNotice({ tone: 'warning', text: CONFLICT_NOTICE });
      } else if (failure.type === 'fields') {
        // Bills go through the bulk call, whose messages name the item's place in the list.
        setErrors(
          Object.fromEntries(
            Object.entries(failure.fieldErrors).map(([key, message]) => [
              key.replace(/^bills\.\d+\./, ''),
              message,
            ]),
          ),
        );
        focusFirstError(form);
      } else {
        setNotice({ tone: 'error', text: failure.text });
      }
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <ModalDialog title={title} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form
        className="form--stack eif-form__dialog-form"
        validationBehavior="aria"
        onSubmit={(e) => void onSubmit(e)}
      >
        {notice && (
          <div className={`alert alert--${notice.tone}`} role="alert" data-testid="item-notice">
            {notice.text}
          </div>
        )}
        {section.fields
          .filter((field: FieldDef) => isFieldShown(field, values))
          .map((field) => (
            <FieldControl
              key={field.key}
              {...control(field)}
              view={view}
              scope={`item.${item?.id ?? 'new'}`}
            />
          ))}
        <FormFooter error={null} onCancel={onClose}>
          <Button type="submit" className="button button--primary" isPending={isSaving}>
            {isSaving ? 'Saving…' : `Save ${section.itemLabel}`}
          </Button>
        </FormFooter>
      </Form>
    </ModalDialog>
  );
}

/** A list the user adds to, edits and deletes from; every change is saved at once. */
export function CollectionSection({ section, view }: { section: CollectionDef; view: EditingView }) {
  const apply = useApplyEditingView();
  const items = collectionItems(view, section);
  const [editing, setEditing] = useState<EntityRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EntityRow | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const remove = async (item: EntityRow) => {
    setIsDeleting(true);
    setNotice(null);
    try {
      await apply(await deleteCollectionItem(view.id, view.version, section.entity, item.id));
    } catch (caught) {
      const failure = saveFailure(caught);
      setNotice(failure.type === 'notice' ? failure.text : CONFLICT_NOTICE);
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  };

  return (
    <section
      className="eif-form__collection"
      aria-label={section.title}
      data-testid={`collection-${section.entity}`}
    >
      <div className="eif-form__collection-head">
        <Heading level={3} className="eif-form__legend">
          {section.title}
        </Heading>
        {(section.max === undefined || items.length < section.max) && (
          <Button className="button button--secondary button--small" onPress={() => setEditing('new')}>
            Add {section.itemLabel}
          </Button>
        )}
      </div>
      {notice && (
        <div className="alert alert--error" role="alert">
          {notice}
        </div>
      )}
      {items.length === 0 ? (
        <p className="muted field__empty">
          No {section.itemLabel}s yet.{section.min ? ` Add at least ${section.min}.` : ''}
        </p>
      ) : (
        <ul className="eif-form__items">
          {items.map((item) => {
            const summary = itemSummary(section, item, view);
            return (
              <li key={item.id} className="eif-form__item" data-testid="collection-item">
                <div className="eif-form__item-text">
                  <span className="eif-form__item-title">{summary.title}</span>
                  {summary.details.length > 0 && (
                    <span className="eif-form__item-details">{summary.details.join(' · ')}</span>
                  )}
                </div>
                <div className="eif-form__item-actions">
                  {ITEM_ACTIONS.map(({ label, className, open }) => (
                    <Button
                      key={label}
                      className={`button eif-form__quiet button--small${className}`}
                      onPress={() => (open === 'edit' ? setEditing : setDeleting)(item)}
                      aria-label={`${label} ${summary.title}`}
                    >
                      {label}
                    </Button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ItemDialog
          section={section}
          view={view}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        title={`Delete this ${section.itemLabel}?`}
        message={
          deleting ? `${itemSummary(section, deleting, view).title} will be removed from the form.` : ''
        }
        confirmLabel="Delete"
        isOpen={deleting !== null}
        isPending={isDeleting}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}

import { useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import { useSWRConfig } from 'swr';
import { useAction } from '../../api/action.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { MOVE_HINT, MOVE_HINT_ID, MovableField } from './MovableField.tsx';
import { PdfPages } from './PdfPages.tsx';
import { Button, Input } from '../../ui/controls.ts';
import {
  FIELD_KIND_LABELS,
  TEMPLATES_PATH,
  saveTemplateFields,
  templatePdfPath,
  uploadTemplate,
  type FieldKind,
  type SigningField,
  type SigningRole,
  type SigningTemplate,
} from './api.ts';

const SIZES: Record<FieldKind, { width: number; height: number }> = {
  signature: { width: 180, height: 40 },
  initials: { width: 60, height: 30 },
  dateSigned: { width: 100, height: 20 },
  text: { width: 160, height: 20 },
  checkbox: { width: 16, height: 16 },
};

const DEFAULT_ROLES: SigningRole[] = [
  { roleId: 'role-1', name: 'Benefits administrator', routingOrder: 1, quorum: null },
  { roleId: 'role-2', name: 'Broker', routingOrder: 2, quorum: null },
];

/** A role may be signed by any few of its recipients (a quorum), e.g. any 2 of 3 officers. */
const QUORUMS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const messageOf = (caught: unknown) => (caught instanceof Error ? caught.message : 'Please try again.');
let counter = 0;
const newFieldId = () => `field-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** A new field of a kind for a role, centred where the page was clicked and kept inside the page. */
function newField(
  template: SigningTemplate,
  page: number,
  point: { x: number; y: number },
  kind: FieldKind,
  role: Pick<SigningRole, 'roleId' | 'name'>,
): SigningField {
  const size = SIZES[kind];
  const box = template.pages[page - 1]!;
  const x = Math.max(0, Math.min(box.width - size.width, point.x - size.width / 2));
  const y = Math.max(0, Math.min(box.height - size.height, point.y - size.height / 2));
  return {
    fieldId: newFieldId(),
    roleId: role.roleId,
    kind,
    label: `${FIELD_KIND_LABELS[kind]} of ${role.name}`,
    page,
    x: Math.round(x),
    y: Math.round(y),
    ...size,
  };
}

/** Saves the template's roles and fields; the list shows the saved template at once. */
function useSaveTemplate(
  roles: SigningRole[],
  fields: SigningField[],
  onStored: (template: SigningTemplate) => void,
  onSaved?: (template: SigningTemplate) => void,
) {
  const { mutate } = useSWRConfig();
  return useAction(
    async (templateId: string) => {
      const result = await saveTemplateFields(templateId, roles, fields);
      onStored(result);
      // The read model catches up behind the list.
      await mutate<SigningTemplate[]>(
        TEMPLATES_PATH,
        (list) => [result, ...(list ?? []).filter((t) => t.templateId !== result.templateId)],
        { revalidate: false },
      );
      return result;
    },
    { describe: messageOf, onSuccess: (result) => onSaved?.(result) },
  );
}

/**
 * Staff build a template: upload a PDF, name the recipient roles (routing order, and a quorum such as any 2
 * of 3), then place each role's fields on the rendered pages by clicking (or with 'Add field' from the
 * keyboard). A placed field is dragged to move it and by its corner to resize it, or moved with the arrow
 * keys (resized with Alt/Option and the arrows) once focused; the position boxes take exact numbers.
 */
export function TemplateBuilder({ onSaved }: { onSaved?: (template: SigningTemplate) => void }) {
  const [template, setTemplate] = useState<SigningTemplate | null>(null);
  const [roles, setRoles] = useState<SigningRole[]>(DEFAULT_ROLES);
  const [fields, setFields] = useState<SigningField[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // When a drag ended: the page's click that follows a drag is not a placement.
  const draggedAt = useRef(0);
  const [roleId, setRoleId] = useState(DEFAULT_ROLES[0]!.roleId);
  const [kind, setKind] = useState<FieldKind>('signature');
  const [saved, setSaved] = useState(false);

  const place = (page: number, point: { x: number; y: number }) => {
    if (!template || Date.now() - draggedAt.current < 400) return;
    const roleName = roles.find((r) => r.roleId === roleId)?.name ?? '';
    const field = newField(template, page, point, kind, { roleId, name: roleName });
    setSelectedId(field.fieldId);
    setFields([...fields, field]);
    setSaved(false);
  };

  const save = useSaveTemplate(
    roles,
    fields,
    (result) => {
      setTemplate(result);
      setSaved(true);
    },
    onSaved,
  );

  const roleName = (id: string) => roles.find((r) => r.roleId === id)?.name ?? '';

  return (
    <section className="esign-builder" aria-labelledby="template-builder-title">
      <h2 id="template-builder-title" className="card__title">
        New template
      </h2>
      <TemplateFile
        onUploaded={(uploaded) => {
          setTemplate(uploaded);
          setFields([]);
          setSaved(false);
        }}
      />
      {save.error && <Alert tone="error">{save.error}</Alert>}
      {template && (
        <>
          <p>
            <strong>{template.name}</strong>, {template.pages.length} page
            {template.pages.length === 1 ? '' : 's'}.
          </p>
          <RolesFieldset
            roles={roles}
            onRoles={setRoles}
            onRemove={(role) => {
              const rest = roles.filter((r) => r.roleId !== role.roleId);
              setRoles(rest);
              setFields(fields.filter((f) => f.roleId !== role.roleId));
              if (roleId === role.roleId) setRoleId(rest[0]!.roleId);
            }}
          />
          <FieldTools
            roles={roles}
            roleId={roleId}
            onRoleId={setRoleId}
            kind={kind}
            onKind={setKind}
            onAdd={() => place(1, { x: 80 + fields.length * 10, y: 120 + fields.length * 30 })}
          />
          <TemplatePages
            template={template}
            fields={fields}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onPlace={place}
            onDragEnd={() => (draggedAt.current = Date.now())}
            onChange={(next) => {
              setFields((all) => all.map((g) => (g.fieldId === next.fieldId ? next : g)));
              setSaved(false);
            }}
            roles={roles}
          />
          <PlacedFields fields={fields} onFields={setFields} roleName={roleName} />
          <div className="button-row">
            <Button className="button button--primary" onPress={() => void save.run(template.templateId)}>
              Save template
            </Button>
          </div>
          {saved && <Alert tone="success">The template is saved. Send it to the client below.</Alert>}
        </>
      )}
    </section>
  );
}

/** The PDF of a new template, uploaded as soon as it is chosen. */
function TemplateFile({ onUploaded }: { onUploaded: (template: SigningTemplate) => void }) {
  const upload = useAction(uploadTemplate, { describe: messageOf, onSuccess: onUploaded });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void upload.run(file);
  };
  return (
    <>
      <label className="field">
        <span className="field__label">The form, as a PDF</span>
        <Input
          type="file"
          className="file-input"
          accept="application/pdf"
          onChange={onFile}
          data-testid="template-file"
        />
      </label>
      {upload.error && <Alert tone="error">{upload.error}</Alert>}
    </>
  );
}

/** The recipient roles: each one's name, place in the signing order and how many of them sign. */
function RolesFieldset({
  roles,
  onRoles,
  onRemove,
}: {
  roles: SigningRole[];
  onRoles: (roles: SigningRole[]) => void;
  onRemove: (role: SigningRole) => void;
}) {
  const change = (roleId: string, patch: Partial<SigningRole>) =>
    onRoles(roles.map((r) => (r.roleId === roleId ? { ...r, ...patch } : r)));
  return (
    <fieldset className="esign-builder__roles">
      <legend>Recipient roles</legend>
      {roles.map((role, i) => (
        <div key={role.roleId} className="esign-builder__role">
          <label className="field">
            <span className="field__label">Role {i + 1}</span>
            <Input
              className="field__input"
              value={role.name}
              onChange={(e) => change(role.roleId, { name: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">Signs in order</span>
            <Input
              className="field__input"
              type="number"
              min={1}
              value={role.routingOrder}
              onChange={(e) =>
                change(role.roleId, { routingOrder: Math.max(1, Number(e.target.value) || 1) })
              }
            />
          </label>
          <NativeSelect
            label="Who signs"
            value={String(role.quorum ?? '')}
            placeholder="Everyone sent it"
            options={QUORUMS.map((n) => ({ value: String(n), label: `Any ${n} of them` }))}
            onChange={(quorum) => change(role.roleId, { quorum: quorum ? Number(quorum) : null })}
          />
          {roles.length > 1 && (
            <Button
              className="button button--secondary"
              aria-label={`Remove the role ${role.name}`}
              onPress={() => onRemove(role)}
            >
              Remove
            </Button>
          )}
        </div>
      ))}
      {roles.some((r) => r.quorum !== null) && (
        <p className="esign-builder__hint">
          A role signed by any few of them is complete once that many have signed; the others are then told
          they no longer need to sign. Place one set of fields per signature needed (for any 2, two signature
          lines): each signer fills the next free set.
        </p>
      )}
      <Button
        className="button button--secondary"
        onPress={() =>
          onRoles([
            ...roles,
            {
              roleId: `role-${roles.length + 1}-${Date.now().toString(36)}`,
              name: `Role ${roles.length + 1}`,
              routingOrder: roles.length + 1,
              quorum: null,
            },
          ])
        }
      >
        Add a role
      </Button>
    </fieldset>
  );
}

/** The fields placed so far, with their exact position to type and a way to remove each. */
function PlacedFields({
  fields,
  onFields,
  roleName,
}: {
  fields: SigningField[];
  onFields: Dispatch<SetStateAction<SigningField[]>>;
  roleName: (roleId: string) => string;
}) {
  if (fields.length === 0) return null;
  return (
    <table className="table esign-builder__fields">
      <caption>Fields placed</caption>
      <TableHead
        columns={[
          'Field',
          'Role',
          'Page',
          'From left (pt)',
          'From bottom (pt)',
          <span className="visually-hidden">Remove</span>,
        ]}
      />
      <tbody>
        {fields.map((f) => (
          <tr key={f.fieldId}>
            <td>{FIELD_KIND_LABELS[f.kind]}</td>
            <td>{roleName(f.roleId)}</td>
            <td>{f.page}</td>
            {(['x', 'y'] as const).map((axis) => (
              <td key={axis}>
                <Input
                  className="field__input esign-builder__coordinate"
                  type="number"
                  aria-label={`${FIELD_KIND_LABELS[f.kind]} of ${roleName(f.roleId)}: ${axis === 'x' ? 'from left' : 'from bottom'}`}
                  value={f[axis]}
                  onChange={(e) =>
                    onFields(
                      fields.map((g) =>
                        g.fieldId === f.fieldId ? { ...g, [axis]: Number(e.target.value) || 0 } : g,
                      ),
                    )
                  }
                />
              </td>
            ))}
            <td>
              <Button
                className="button button--secondary"
                onPress={() => onFields(fields.filter((g) => g.fieldId !== f.fieldId))}
              >
                Remove
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Which role's fields, and which kind, a click on a page (or 'Add field') places next. */
function FieldTools({
  roles,
  roleId,
  onRoleId,
  kind,
  onKind,
  onAdd,
}: {
  roles: SigningRole[];
  roleId: string;
  onRoleId: (roleId: string) => void;
  kind: FieldKind;
  onKind: (kind: FieldKind) => void;
  onAdd: () => void;
}) {
  return (
    <>
      <div className="esign-builder__tools">
        <NativeSelect
          label="Fields for"
          value={roleId}
          options={roles.map((r) => ({ value: r.roleId, label: r.name }))}
          onChange={onRoleId}
          testId="field-role"
        />
        <NativeSelect
          label="Kind of field"
          value={kind}
          options={Object.entries(FIELD_KIND_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(chosen) => onKind(chosen as FieldKind)}
          testId="field-kind"
        />
        <Button className="button button--secondary" onPress={onAdd}>
          Add field
        </Button>
      </div>
      <p className="esign-builder__hint">Click on a page to place the field there.</p>
      <p className="esign-builder__hint" id={MOVE_HINT_ID}>
        {MOVE_HINT}
      </p>
    </>
  );
}

/** The template's pages, with its fields placed on them; a click on a page places the next field. */
function TemplatePages({
  template,
  fields,
  selectedId,
  onSelect,
  onPlace,
  onDragEnd,
  onChange,
  roles,
}: {
  template: SigningTemplate;
  fields: SigningField[];
  selectedId: string | null;
  onSelect: (fieldId: string) => void;
  onPlace: (page: number, point: { x: number; y: number }) => void;
  onDragEnd: () => void;
  onChange: (field: SigningField) => void;
  roles: SigningRole[];
}) {
  const roleName = (id: string) => roles.find((r) => r.roleId === id)?.name ?? '';
  const roleIndex = (id: string) => roles.findIndex((r) => r.roleId === id);
  return (
    <PdfPages
      url={templatePdfPath(template.templateId)}
      pages={template.pages}
      label="The template’s pages"
      onPageClick={onPlace}
      overlay={(page, scale) =>
        fields
          .filter((f) => f.page === page)
          .map((f) => (
            <MovableField
              key={f.fieldId}
              field={f}
              page={template.pages[page - 1]!}
              scale={scale}
              label={`${FIELD_KIND_LABELS[f.kind]} of ${roleName(f.roleId)}`}
              className={`esign-field esign-field--${f.kind} esign-field--role-${roleIndex(f.roleId) % 4}`}
              selected={selectedId === f.fieldId}
              onSelect={() => onSelect(f.fieldId)}
              onDragEnd={onDragEnd}
              onChange={onChange}
            >
              {/* The visible words are the field's accessible name, word for word. */}
              {FIELD_KIND_LABELS[f.kind]} of {roleName(f.roleId)}
            </MovableField>
          ))
      }
    />
  );
}

import { useRef, useState, type ChangeEvent } from 'react';
import { useSWRConfig } from 'swr';
import { Alert } from '../../ui/Feedback.tsx';
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

/**
 * Staff build a template: upload a PDF, name the recipient roles (routing order, and a quorum such as any 2
 * of 3), then place each role's fields on the rendered pages by clicking (or with 'Add field' from the
 * keyboard). A placed field is dragged to move it and by its corner to resize it, or moved with the arrow
 * keys (resized with Alt/Option and the arrows) once focused; the position boxes take exact numbers.
 */
export function TemplateBuilder({ onSaved }: { onSaved?: (template: SigningTemplate) => void }) {
  const { mutate } = useSWRConfig();
  const [template, setTemplate] = useState<SigningTemplate | null>(null);
  const [roles, setRoles] = useState<SigningRole[]>(DEFAULT_ROLES);
  const [fields, setFields] = useState<SigningField[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // When a drag ended: the page's click that follows a drag is not a placement.
  const draggedAt = useRef(0);
  const [roleId, setRoleId] = useState(DEFAULT_ROLES[0]!.roleId);
  const [kind, setKind] = useState<FieldKind>('signature');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    try {
      setTemplate(await uploadTemplate(file));
      setFields([]);
      setSaved(false);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  const place = (page: number, point: { x: number; y: number }) => {
    if (!template || Date.now() - draggedAt.current < 400) return;
    const size = SIZES[kind];
    const box = template.pages[page - 1]!;
    const x = Math.max(0, Math.min(box.width - size.width, point.x - size.width / 2));
    const y = Math.max(0, Math.min(box.height - size.height, point.y - size.height / 2));
    const role = roles.find((r) => r.roleId === roleId);
    const fieldId = newFieldId();
    setSelectedId(fieldId);
    setFields([
      ...fields,
      {
        fieldId,
        roleId,
        kind,
        label: `${FIELD_KIND_LABELS[kind]} of ${role?.name ?? ''}`,
        page,
        x: Math.round(x),
        y: Math.round(y),
        ...size,
      },
    ]);
    setSaved(false);
  };

  const save = async () => {
    if (!template) return;
    setError(null);
    try {
      const result = await saveTemplateFields(template.templateId, roles, fields);
      setTemplate(result);
      setSaved(true);
      // The list shows the saved template at once; the read model catches up behind it.
      await mutate<SigningTemplate[]>(
        TEMPLATES_PATH,
        (list) => [result, ...(list ?? []).filter((t) => t.templateId !== result.templateId)],
        { revalidate: false },
      );
      onSaved?.(result);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  const roleName = (id: string) => roles.find((r) => r.roleId === id)?.name ?? '';
  const roleIndex = (id: string) => roles.findIndex((r) => r.roleId === id);

  return (
    <section className="esign-builder" aria-labelledby="template-builder-title">
      <h2 id="template-builder-title" className="card__title">
        New template
      </h2>
      <label className="field">
        <span className="field__label">The form, as a PDF</span>
        <Input
          type="file"
          className="file-input"
          accept="application/pdf"
          onChange={(e) => void upload(e)}
          data-testid="template-file"
        />
      </label>
      {error && <Alert tone="error">{error}</Alert>}
      {template && (
        <>
          <p>
            <strong>{template.name}</strong>, {template.pages.length} page
            {template.pages.length === 1 ? '' : 's'}.
          </p>
          <fieldset className="esign-builder__roles">
            <legend>Recipient roles</legend>
            {roles.map((role, i) => (
              <div key={role.roleId} className="esign-builder__role">
                <label className="field">
                  <span className="field__label">Role {i + 1}</span>
                  <Input
                    className="field__input"
                    value={role.name}
                    onChange={(e) =>
                      setRoles(
                        roles.map((r) => (r.roleId === role.roleId ? { ...r, name: e.target.value } : r)),
                      )
                    }
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
                      setRoles(
                        roles.map((r) =>
                          r.roleId === role.roleId
                            ? { ...r, routingOrder: Math.max(1, Number(e.target.value) || 1) }
                            : r,
                        ),
                      )
                    }
                  />
                </label>
                <label className="field">
                  <span className="field__label">Who signs</span>
                  <select
                    className="field__input"
                    value={role.quorum ?? ''}
                    onChange={(e) =>
                      setRoles(
                        roles.map((r) =>
                          r.roleId === role.roleId
                            ? { ...r, quorum: e.target.value ? Number(e.target.value) : null }
                            : r,
                        ),
                      )
                    }
                  >
                    <option value="">Everyone sent it</option>
                    {QUORUMS.map((n) => (
                      <option key={n} value={n}>
                        Any {n} of them
                      </option>
                    ))}
                  </select>
                </label>
                {roles.length > 1 && (
                  <Button
                    className="button button--secondary"
                    aria-label={`Remove the role ${role.name}`}
                    onPress={() => {
                      const rest = roles.filter((r) => r.roleId !== role.roleId);
                      setRoles(rest);
                      setFields(fields.filter((f) => f.roleId !== role.roleId));
                      if (roleId === role.roleId) setRoleId(rest[0]!.roleId);
                    }}
                  >
                    Remove
                  </Button>
                )}
              </div>
            ))}
            {roles.some((r) => r.quorum !== null) && (
              <p className="esign-builder__hint">
                A role signed by any few of them is complete once that many have signed; the others are then
                told they no longer need to sign. Place one set of fields per signature needed (for any 2, two
                signature lines): each signer fills the next free set.
              </p>
            )}
            <Button
              className="button button--secondary"
              onPress={() =>
                setRoles([
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
          <div className="esign-builder__tools">
            <label className="field">
              <span className="field__label">Fields for</span>
              <select
                className="field__input"
                value={roleId}
                onChange={(e) => setRoleId(e.target.value)}
                data-testid="field-role"
              >
                {roles.map((r) => (
                  <option key={r.roleId} value={r.roleId}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Kind of field</span>
              <select
                className="field__input"
                value={kind}
                onChange={(e) => setKind(e.target.value as FieldKind)}
                data-testid="field-kind"
              >
                {Object.entries(FIELD_KIND_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <Button
              className="button button--secondary"
              onPress={() => place(1, { x: 80 + fields.length * 10, y: 120 + fields.length * 30 })}
            >
              Add field
            </Button>
          </div>
          <p className="esign-builder__hint">Click on a page to place the field there.</p>
          <p className="esign-builder__hint" id={MOVE_HINT_ID}>
            {MOVE_HINT}
          </p>
          <PdfPages
            url={templatePdfPath(template.templateId)}
            pages={template.pages}
            label="The template’s pages"
            onPageClick={place}
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
                    onSelect={() => setSelectedId(f.fieldId)}
                    onDragEnd={() => (draggedAt.current = Date.now())}
                    onChange={(next) => {
                      setFields((all) => all.map((g) => (g.fieldId === next.fieldId ? next : g)));
                      setSaved(false);
                    }}
                  >
                    {/* The visible words are the field's accessible name, word for word. */}
                    {FIELD_KIND_LABELS[f.kind]} of {roleName(f.roleId)}
                  </MovableField>
                ))
            }
          />
          {fields.length > 0 && (
            <table className="table esign-builder__fields">
              <caption>Fields placed</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Role</th>
                  <th scope="col">Page</th>
                  <th scope="col">From left (pt)</th>
                  <th scope="col">From bottom (pt)</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
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
                            setFields(
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
                        onPress={() => setFields(fields.filter((g) => g.fieldId !== f.fieldId))}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="button-row">
            <Button className="button button--primary" onPress={() => void save()}>
              Save template
            </Button>
          </div>
          {saved && <Alert tone="success">The template is saved. Send it to the client below.</Alert>}
        </>
      )}
    </section>
  );
}

import { TableHead } from '../../../ui/TableHead.tsx';
import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  Link,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from '../../../ui/controls.ts';
import { CheckboxGroupInput, CheckboxInput } from '../../../ui/Checkbox.tsx';
import {
  type EntityRow,
  EMPLOYEE_TYPE,
  WAITING_PERIOD_TYPE,
  classBenefitTypes,
  waitingPeriodNeedsDays,
  eligibilitySummary,
  type EmployeeClassDetail,
  type EmployeeClassesView,
} from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../api/errors.ts';
import type { ClientView } from '../../../api/types.ts';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';
import { ErrorPanel, MessageText, PageSkeleton } from '../../../ui/Feedback.tsx';
import { useReportDirty, useUnsavedGuard } from '../forms/unsaved.tsx';
import { CollisionChoice } from '../forms/CollisionChoice.tsx';
import { rememberVersion } from '../../../api/versions.ts';
import { saveFailure, type FieldConflict } from '../forms/save.ts';
import {
  classBuilderPath,
  classEditorPath,
  createClass,
  deleteClass,
  duplicateClass,
  updateClass,
  useEmployeeClasses,
  useRefreshClasses,
  type ClassChange,
} from './api.ts';
import {
  benefitTypeLabel,
  bodyOf,
  classAnswerText,
  classConflictLabel,
  contributionsStatus,
  draftOf,
  errorsForForm,
  offeredPlanIds,
  planLabel,
  rebaseDraft,
  takeTheirAnswers,
  type ClassDraft,
  type PlanDraft,
} from './form.ts';

type Notice = { tone: 'success' | 'warning' | 'error'; text: string } | null;

/** A refused write's message; a conflict or the one-class rule also means the list shown is out of date. */
function noticeOf(error: unknown): Notice {
  if (!(error instanceof ApiError)) return { tone: 'error', text: GENERIC_ERROR_MESSAGE };
  const failure = saveFailure(error);
  if (failure.type === 'collision') {
    const who = [...new Set(failure.conflicts.map((c) => c.changedBy.name))].join(' and ');
    return {
      tone: 'warning',
      text: `${who} changed this class while you were working. The list now shows the latest version: delete it again if it should still go.`,
    };
  }
  if (error.status === 409)
    return {
      tone: 'warning',
      text: 'The classes were changed by someone else while you were working. The list now shows the latest version.',
    };
  return { tone: error.code === 'ALREADY_HAS_CLASSES' ? 'warning' : 'error', text: error.message };
}

function NoticeBanner({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <div className={`alert alert--${notice.tone}`} role="alert" data-testid="class-builder-notice">
      <MessageText text={notice.text} />
    </div>
  );
}

/** The class-builder sub-step's body: the client's employee classes with create / edit / duplicate / delete. */
export function ClassBuilderSection(props: { client: ClientView; stepId: string; subStepId: string }) {
  const { client, stepId, subStepId } = props;
  const { data: classes, error } = useEmployeeClasses(client.id);
  const refresh = useRefreshClasses(client.id);
  const [notice, setNotice] = useState<Notice>(null);
  const [toDelete, setToDelete] = useState<EmployeeClassDetail | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (!classes) {
    return (
      <section className="class-builder" aria-label="Employee classes">
        {error ? <ErrorPanel error={error} /> : <PageSkeleton />}
      </section>
    );
  }

  const act = async (
    key: string,
    write: () => Promise<ClassChange>,
    done: (answer: ClassChange) => string,
  ) => {
    setBusy(key);
    setNotice(null);
    try {
      const answer = await write();
      await refresh(answer);
      setNotice({ tone: 'success', text: done(answer) });
    } catch (caught) {
      setNotice(noticeOf(caught));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const onDuplicate = (cls: EmployeeClassDetail) =>
    act(
      `duplicate:${cls.id}`,
      () => duplicateClass(client.id, cls.id, classes.version),
      (answer) => {
        const copy = answer.employeeClasses.find((c) => c.id === answer.employeeClassId);
        return `Copied as “${copy?.groupName ?? cls.groupName}”`;
      },
    );

  const onDelete = async () => {
    const cls = toDelete;
    if (!cls) return;
    await act(
      `delete:${cls.id}`,
      () => deleteClass(client.id, cls.id, classes.version),
      () => `Deleted “${cls.groupName}”`,
    );
    setToDelete(null);
  };

  // The sub-step's own view holds the answer as just saved on this page; the class list may lag behind it.
  const answer = typeof client.needsEmployeeClasses === 'boolean' ? client.needsEmployeeClasses : null;
  const hasOneClassRule = (answer ?? classes.needsEmployeeClasses) === false;
  const isSigned = classes.eifStatus === 'signed';

  return (
    <section className="class-builder" aria-labelledby="class-builder-title">
      <div className="class-builder__header">
        <div>
          <Heading level={3} id="class-builder-title" className="class-builder__title">
            Employee classes
          </Heading>
          <p className="muted">
            Group employees who get the same plans, waiting periods and contributions.
            {hasOneClassRule && ' This client offers one class to every employee.'}
          </p>
        </div>
        <Link
          className="button button--primary"
          href={classEditorPath(client.id, stepId, subStepId, 'create')}
        >
          Create class
        </Link>
      </div>
      {isSigned && (
        <p className="alert alert--info">
          The form is signed: changes to classes are sent for review before they take effect.
        </p>
      )}
      <NoticeBanner notice={notice} />
      {classes.eligiblePlans.length === 0 && (
        <p className="muted">The client has no plans that are set up by class yet.</p>
      )}
      {classes.employeeClasses.length === 0 ? (
        <p className="class-builder__empty" data-testid="class-builder-empty">
          No classes yet. Create the first class to choose its plans.
        </p>
      ) : (
        <div className="class-builder__table-wrap">
          <table className="table class-builder__table">
            <TableHead
              columns={[
                'Class',
                'Eligibility',
                'Plans and contributions',
                <span className="visually-hidden">Actions</span>,
              ]}
            />
            <tbody>
              {classes.employeeClasses.map((cls) => (
                <tr key={cls.id} className="table__row" data-testid="class-row">
                  <th scope="row" className="class-builder__name">
                    {cls.groupName}
                    {cls.hasPendingChanges && (
                      <span className="pending-badge class-builder__badge">Pending review</span>
                    )}
                    {cls.description && <span className="class-builder__detail">{cls.description}</span>}
                  </th>
                  <td>{eligibilitySummary(cls)}</td>
                  <td>
                    {cls.plans.length === 1 ? '1 plan' : `${cls.plans.length} plans`}
                    <span className="class-builder__detail">Contributions: {contributionsStatus(cls)}</span>
                  </td>
                  <td>
                    <div className="class-builder__actions">
                      <Link
                        className="button button--secondary button--small"
                        href={classEditorPath(client.id, stepId, subStepId, cls.id)}
                        aria-label={`Edit ${cls.groupName}`}
                      >
                        Edit
                      </Link>
                      <Button
                        className="button button--secondary button--small"
                        aria-label={`Duplicate ${cls.groupName}`}
                        isPending={busy === `duplicate:${cls.id}`}
                        isDisabled={busy !== null}
                        onPress={() => void onDuplicate(cls)}
                      >
                        Duplicate
                      </Button>
                      <Button
                        className="button button--secondary button--small class-builder__delete"
                        aria-label={`Delete ${cls.groupName}`}
                        isDisabled={busy !== null}
                        onPress={() => setToDelete(cls)}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        title="Delete class?"
        message={
          toDelete
            ? `“${toDelete.groupName}” and its plan choices, waiting periods and contributions will be removed.`
            : ''
        }
        confirmLabel="Delete class"
        isOpen={toDelete !== null}
        isPending={busy?.startsWith('delete:') ?? false}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void onDelete()}
      />
    </section>
  );
}

/** `/step/{stepId}/{subStepId}/create` and `/step/{stepId}/{subStepId}/{employeeClassId}`. */
export function ClassEditorPage(props: {
  clientId: string;
  stepId: string;
  subStepId: string;
  employeeClassId: string | 'create';
}) {
  const { clientId, stepId, subStepId, employeeClassId } = props;
  const { data: classes, error } = useEmployeeClasses(clientId);
  // The class as the open form last had it: deleted by someone else meanwhile, the form stays open so
  // the person can choose (their collision names the deletion).
  const shown = useRef<EmployeeClassDetail | null>(null);
  const back = classBuilderPath(clientId, stepId, subStepId);
  const isCreate = employeeClassId === 'create';
  if (!classes) return error ? <ErrorPanel error={error} /> : <PageSkeleton />;
  const found = classes.employeeClasses.find((c) => c.id === employeeClassId) ?? null;
  if (found) shown.current = found;
  const kept = shown.current?.id === employeeClassId ? shown.current : null;
  const cls = isCreate ? null : (found ?? kept);
  if (!isCreate && !cls) {
    return (
      <section className="card class-builder">
        <Heading level={2} className="step-card__title">
          Class not found
        </Heading>
        <p className="muted">This class no longer exists. It may have been deleted.</p>
        <Link className="button button--secondary" href={back}>
          Back to the class builder
        </Link>
      </section>
    );
  }
  // Keyed by class so moving from one class to another starts from that class's values.
  return <ClassEditorForm key={employeeClassId} {...props} classes={classes} cls={cls} back={back} />;
}

/** Someone else changed what this save changes: their answers, and the class as it is now. */
type Collision = {
  conflicts: FieldConflict[];
  version: number;
  /** The class as it is now, as a draft; null when it was deleted. */
  freshDraft: ClassDraft | null;
  /** The class plans the conflicts may name: as the person saw them and as they are now. */
  classPlans: EntityRow[];
  isGone: (conflict: FieldConflict) => boolean;
};

function ClassEditorForm({
  clientId,
  classes,
  cls,
  back,
}: {
  clientId: string;
  classes: EmployeeClassesView;
  cls: EmployeeClassDetail | null;
  back: string;
}) {
  const guard = useUnsavedGuard();
  const refresh = useRefreshClasses(clientId);
  const { mutate: reloadClasses } = useEmployeeClasses(clientId);
  const [initial, setInitial] = useState<ClassDraft>(() => draftOf(cls, classes.eligiblePlans));
  const [draft, setDraft] = useState<ClassDraft>(initial);
  useReportDirty('class-editor', JSON.stringify(draft) !== JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [isSaving, setIsSaving] = useState(false);
  // The version whose class the person has seen (a collision shows the other person's answers): saves
  // send it as Seen-Version.
  const [seenVersion, setSeenVersion] = useState(classes.version);
  const [collision, setCollision] = useState<Collision | null>(null);

  /** The classes again, until the read side has the version the collision named (a few tries). */
  const reloadAtLeast = async (version: number) => {
    // The list read then waits on the server for this version (minVersion).
    rememberVersion({ id: clientId, version });
    let fresh: EmployeeClassesView | undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      fresh = await reloadClasses().catch(() => undefined);
      if (fresh && fresh.version >= version) break;
    }
    return fresh;
  };

  const set = (patch: Partial<ClassDraft>, clears: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors(({ [clears]: _cleared, ...rest }) => rest);
  };
  const setPlan = (planId: string, patch: Partial<PlanDraft>, clears: string[] = []) => {
    setDraft((d) => ({ ...d, plans: { ...d.plans, [planId]: { ...d.plans[planId]!, ...patch } } }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !clears.includes(key))),
    );
  };

  /** A collision: the draft keeps the person's edits and takes everything else as the class is now. */
  const onCollision = async (conflicts: FieldConflict[], version: number) => {
    if (!cls) return;
    const fresh = await reloadAtLeast(version);
    const freshClass = fresh?.employeeClasses.find((c) => c.id === cls.id) ?? null;
    const freshDraft = freshClass ? draftOf(freshClass, classes.eligiblePlans) : null;
    if (freshDraft) {
      setDraft((current) => rebaseDraft(initial, current, freshDraft));
      setInitial(freshDraft);
    }
    setSeenVersion(version);
    const nowPlanIds = new Set(freshClass?.plans.map((cp) => cp.id) ?? []);
    setCollision({
      conflicts,
      version,
      freshDraft,
      classPlans: [...cls.plans, ...(freshClass?.plans ?? [])],
      isGone: (conflict) =>
        conflict.entity === 'EmployeeClass'
          ? freshClass === null
          : conflict.entity === 'EmployeeClassPlan' && !nowPlanIds.has(conflict.entityId),
    });
  };

  /** Saves the draft; `asNew` makes it a class again (keeping one someone else deleted meanwhile). */
  const save = async (current: ClassDraft, version: number, asNew = false) => {
    setNotice(null);
    setCollision(null);
    setIsSaving(true);
    const body = bodyOf(current);
    try {
      const answer =
        cls && !asNew
          ? await updateClass(clientId, cls.id, version, body)
          : await createClass(clientId, version, body);
      await refresh(answer);
      guard.navigateNow(back);
    } catch (caught) {
      const failure = saveFailure(caught);
      if (failure.type === 'collision') await onCollision(failure.conflicts, failure.currentVersion);
      else if (
        caught instanceof ApiError &&
        caught.status === 400 &&
        Object.keys(caught.fieldErrors).length > 0
      ) {
        const mapped = errorsForForm(caught.fieldErrors, offeredPlanIds(current));
        setErrors(mapped.fields);
        setNotice({
          tone: 'error',
          text: mapped.other.length > 0 ? mapped.other.join(' ') : 'Some answers need a look before saving.',
        });
      } else {
        setNotice(noticeOf(caught));
        await refresh();
      }
    } finally {
      setIsSaving(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(draft, seenVersion);
  };

  /** Keep mine: save again against the version that has their answers (a deleted class is made again). */
  const keepMine = () => {
    if (!collision) return;
    const isClassGone = collision.freshDraft === null;
    void save(draft, collision.version, isClassGone);
  };

  /** Take theirs: their answers replace the person's in the form; the rest of the edits stay. */
  const takeTheirs = () => {
    if (!collision) return;
    if (!collision.freshDraft) {
      guard.navigateNow(back);
      return;
    }
    const fresh = collision.freshDraft;
    setDraft((current) => takeTheirAnswers(current, fresh, collision.conflicts, collision.classPlans));
    setCollision(null);
    setNotice({ tone: 'warning', text: 'Their answers are in the form now. Save to continue.' });
  };

  const benefitTypes = classBenefitTypes(classes.eligiblePlans);
  const plansOfType = (benefitType: string) =>
    classes.eligiblePlans.filter((p) => p.benefitType === benefitType);

  return (
    <section className="card class-builder class-builder__editor" aria-labelledby="class-editor-title">
      <Heading level={2} id="class-editor-title" className="step-card__title">
        {cls ? `Edit ${cls.groupName}` : 'Create class'}
      </Heading>
      {classes.eifStatus === 'signed' && (
        <p className="alert alert--info">The form is signed: your changes are sent for review.</p>
      )}
      <NoticeBanner notice={notice} />
      {collision && (
        <CollisionChoice
          conflicts={collision.conflicts.map((conflict) => ({
            ...conflict,
            label: classConflictLabel(conflict, collision.classPlans, classes.eligiblePlans),
          }))}
          format={(conflict, value, side) =>
            classAnswerText(conflict.attributeKey, value, side === 'theirs' && collision.isGone(conflict))
          }
          isSaving={isSaving}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      )}
      <Form className="form" validationBehavior="aria" onSubmit={onSubmit}>
        <fieldset className="class-builder__fieldset">
          <legend className="class-builder__legend">Class details</legend>
          <TextField
            className="field"
            name="groupName"
            value={draft.groupName}
            onChange={(groupName) => set({ groupName }, 'groupName')}
            isInvalid={errors.groupName !== undefined}
            isRequired
          >
            <Label className="field__label">Class name</Label>
            <Input className="field__input" maxLength={100} />
            <Text slot="description" className="field__description">
              For example “Salaried employees” or “Hourly employees”.
            </Text>
            <FieldError className="field__error">{errors.groupName}</FieldError>
          </TextField>
          <CheckboxGroupInput
            label="Eligible employees"
            value={draft.employeeTypes}
            options={EMPLOYEE_TYPE.codes.map((code) => ({ value: code, label: EMPLOYEE_TYPE.labels[code] }))}
            onChange={(employeeTypes) => set({ employeeTypes }, 'employeeTypes')}
            error={errors.employeeTypes}
          />
          <TextField
            className="field class-builder__short"
            name="minimumHoursPerWeek"
            value={draft.minimumHoursPerWeek}
            onChange={(minimumHoursPerWeek) => set({ minimumHoursPerWeek }, 'minimumHoursPerWeek')}
            isInvalid={errors.minimumHoursPerWeek !== undefined}
            inputMode="decimal"
          >
            <Label className="field__label">Minimum hours per week (optional)</Label>
            <Input className="field__input" />
            <FieldError className="field__error">{errors.minimumHoursPerWeek}</FieldError>
          </TextField>
          <TextField
            className="field"
            name="description"
            value={draft.description}
            onChange={(description) => set({ description }, 'description')}
            isInvalid={errors.description !== undefined}
          >
            <Label className="field__label">Description (optional)</Label>
            <TextArea className="field__input field__textarea" rows={2} maxLength={500} />
            <FieldError className="field__error">{errors.description}</FieldError>
          </TextField>
        </fieldset>

        {benefitTypes.length === 0 && (
          <p className="muted">
            The client has no plans that are set up by class, so there is nothing to choose.
          </p>
        )}
        {benefitTypes.map((benefitType) => (
          <fieldset
            key={benefitType}
            className="class-builder__fieldset"
            data-testid={`benefit-type-${benefitType}`}
          >
            <legend className="class-builder__legend">{benefitTypeLabel(benefitType)}</legend>
            {plansOfType(benefitType).map((plan) => (
              <PlanChoice
                key={plan.id}
                plan={plan}
                label={planLabel(plan, plansOfType(benefitType))}
                value={draft.plans[plan.id]!}
                errors={errors}
                onChange={(patch, clears) => setPlan(plan.id, patch, clears)}
              />
            ))}
          </fieldset>
        ))}

        <div className="form__actions">
          <Link className="button button--secondary" href={back}>
            Cancel
          </Link>
          <Button type="submit" className="button button--primary" isPending={isSaving}>
            {isSaving ? 'Saving…' : 'Save class'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function PlanChoice({
  plan,
  label,
  value,
  errors,
  onChange,
}: {
  plan: EntityRow;
  label: string;
  value: PlanDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<PlanDraft>, clears?: string[]) => void;
}) {
  const key = (field: string) => `${plan.id}.${field}`;
  const planError = errors[key('planId')];
  const total =
    Number(value.employerContributionPercentage || NaN) + Number(value.employeeContributionPercentage || NaN);
  return (
    <div className="class-builder__plan" data-testid={`plan-${plan.id}`}>
      <CheckboxInput
        isSelected={value.isOffered}
        onChange={(isOffered) => onChange({ isOffered }, [key('planId')])}
      >
        Offer {label}
      </CheckboxInput>
      {planError && <p className="field__error">{planError}</p>}
      {value.isOffered && (
        <div className="class-builder__plan-details">
          <RadioGroup
            className="field"
            // No answer yet is null, never '': a value no radio has would take every radio out of the Tab order.
            value={value.waitingPeriodType ?? null}
            onChange={(waitingPeriodType) => onChange({ waitingPeriodType }, [key('waitingPeriodType')])}
            isInvalid={errors[key('waitingPeriodType')] !== undefined}
            aria-label={`Waiting period for ${label}`}
          >
            <Label className="field__label">Waiting period</Label>
            <div className="radio-stack">
              {WAITING_PERIOD_TYPE.codes.map((code) => (
                <Radio key={code} value={code} className="radio">
                  {WAITING_PERIOD_TYPE.labels[code]}
                </Radio>
              ))}
            </div>
            <FieldError className="field__error">{errors[key('waitingPeriodType')]}</FieldError>
          </RadioGroup>
          {waitingPeriodNeedsDays(value.waitingPeriodType) && (
            <TextField
              className="field class-builder__short"
              value={value.waitingPeriodDays}
              onChange={(waitingPeriodDays) => onChange({ waitingPeriodDays }, [key('waitingPeriodDays')])}
              isInvalid={errors[key('waitingPeriodDays')] !== undefined}
              inputMode="numeric"
            >
              <Label className="field__label">Days</Label>
              <Input className="field__input" aria-label={`Waiting period days for ${label}`} />
              <FieldError className="field__error">{errors[key('waitingPeriodDays')]}</FieldError>
            </TextField>
          )}
          <div className="form__row class-builder__contributions">
            {(
              [
                ['employerContributionPercentage', 'Employer contribution (%)'],
                ['employeeContributionPercentage', 'Employee contribution (%)'],
              ] as const
            ).map(([field, fieldLabel]) => (
              <TextField
                key={field}
                className="field class-builder__short"
                value={value[field]}
                onChange={(text) =>
                  onChange({ [field]: text }, [
                    key('employerContributionPercentage'),
                    key('employeeContributionPercentage'),
                  ])
                }
                isInvalid={errors[key(field)] !== undefined}
                inputMode="decimal"
              >
                <Label className="field__label">{fieldLabel}</Label>
                <Input className="field__input" aria-label={`${fieldLabel} for ${label}`} />
                <FieldError className="field__error">{errors[key(field)]}</FieldError>
              </TextField>
            ))}
          </div>
          {Number.isFinite(total) && (
            <p
              className={`class-builder__total${Math.abs(total - 100) > 0.005 ? ' class-builder__total--off' : ''}`}
            >
              Together {+total.toFixed(2)}% (must be 100%)
            </p>
          )}
        </div>
      )}
    </div>
  );
}

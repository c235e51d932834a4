import { lazy, Suspense, useRef, useState } from 'react';
import { Button, FormContext } from '../../../ui/controls.ts';
import {
  validateFields,
  isFieldShown,
  type FieldDef,
  type FormErrors,
  type FormSection,
  type SubStepForm as SubStepFormDef,
  type VisibleStep,
} from '@onboard/domain/web';
import {
  saveClientAnswers,
  savePlanAnswers,
  savePolicyAnswers,
  useApplyEditingView,
  useReloadEditingView,
  type EditingView,
  type EntityRow,
} from './api.ts';
import { PageSkeleton } from '../../../ui/Feedback.tsx';

// A list of items (locations, contacts, ...) with its add and edit dialogs loads with the first form that
// has one.
const ClassBuilderSection = lazy(() =>
  import('../class-builder/index.tsx').then((m) => ({ default: m.ClassBuilderSection })),
);
const CollectionSection = lazy(() =>
  import('./CollectionSection.tsx').then((m) => ({ default: m.CollectionSection })),
);
import { FieldControl } from './FieldControl.tsx';
import { eifSubStepPath, nextPath, previousSubStep } from './navigation.ts';
import {
  CONFLICT_NOTICE,
  focusFirstError,
  reloadNewerThan,
  saveFailure,
  type FieldConflict,
} from './save.ts';
import { CollisionChoice } from './CollisionChoice.tsx';
import { planLabel, planRows, policyLabel, policyRows } from './sections.ts';
import { useReportDirty, useUnsavedGuard } from './unsaved.tsx';
import { changedValues, initialFormState, shownWireValues, wireValues, type FormState } from './values.ts';

/**
 * The answers of one sub-step as one form: the client's questions, each policy's and each plan's, saved
 * together by 'Save and continue'. Collections and the class builder save on their own, item by item.
 */
export type Block = {
  key: string;
  kind: 'client' | 'policy' | 'plan';
  entity: EntityRow;
  fields: FieldDef[];
};

const fieldsOf = (sections: readonly FormSection[], type: 'client' | 'policy') =>
  sections.flatMap((s) => (s.type === type ? s.fields : []));

/** The entities this sub-step edits in one form, each with the questions asked of it. */
export function blocksOf(form: SubStepFormDef, view: EditingView, policyId?: string): Block[] {
  const blocks: Block[] = [];
  const clientFields = fieldsOf(form.sections, 'client');
  if (clientFields.length > 0)
    blocks.push({ key: 'client', kind: 'client', entity: view, fields: clientFields });
  const policyFields = fieldsOf(form.sections, 'policy');
  if (policyFields.length > 0)
    for (const policy of policyRows(view))
      if (!policyId || policy.id === policyId)
        blocks.push({ key: `policy:${policy.id}`, kind: 'policy', entity: policy, fields: policyFields });
  for (const plan of planRows(view)) {
    const fields = form.sections.flatMap((s) => (s.type === 'plan' && s.plans(plan) ? s.fields : []));
    if (fields.length > 0) blocks.push({ key: `plan:${plan.id}`, kind: 'plan', entity: plan, fields });
  }
  return blocks;
}

const initialStates = (blocks: readonly Block[]) =>
  Object.fromEntries(blocks.map((b) => [b.key, initialFormState(b.fields, b.entity)]));

type Notice = { tone: 'warning' | 'error'; text: string } | null;

export function SubStepForm({
  form,
  view,
  steps,
  stepId,
  policyId,
}: {
  form: SubStepFormDef;
  view: EditingView;
  steps: readonly VisibleStep[];
  stepId: string;
  policyId?: string;
}) {
  const guard = useUnsavedGuard();
  const apply = useApplyEditingView();
  const reload = useReloadEditingView();
  const ref = useRef<HTMLDivElement>(null);
  const blocks = blocksOf(form, view, policyId);
  const [states, setStates] = useState<Record<string, FormState>>(() => initialStates(blocks));
  const [errors, setErrors] = useState<Record<string, FormErrors>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [isSaving, setIsSaving] = useState(false);
  // Answers someone else changed since this form's version, with both values, waiting for a choice.
  const [collision, setCollision] = useState<{ conflicts: FieldConflict[]; version: number } | null>(null);
  // The newest version whose answers the person has seen (a collision shows theirs): saves send it.
  const seenVersion = useRef(view.version);
  const seen = () => Math.max(view.version, seenVersion.current);

  const stateOf = (block: Block) => states[block.key] ?? initialFormState(block.fields, block.entity);
  const changes = blocks
    .map((block) => ({ block, changed: changedValues(block.fields, block.entity, stateOf(block)) }))
    .filter(({ changed }) => Object.keys(changed).length > 0);
  useReportDirty(`substep:${form.id}`, changes.length > 0);

  const setValue = (block: Block, key: string, value: unknown) => {
    setStates((all) => ({ ...all, [block.key]: { ...stateOf(block), [key]: value } }));
    setErrors((all) => {
      const { [key]: _dropped, ...rest } = all[block.key] ?? {};
      return { ...all, [block.key]: rest };
    });
  };

  const validate = () => {
    const found: Record<string, FormErrors> = {};
    for (const block of blocks) {
      const sent = shownWireValues(block.fields, block.entity, stateOf(block));
      const blockErrors = validateFields(block.fields, sent, { current: block.entity });
      if (Object.keys(blockErrors).length > 0) found[block.key] = blockErrors;
    }
    return found;
  };

  // Every call of one save sends the version the person saw (not the one after this save's own first
  // call): a change someone else made in between to the same answers is then still caught.
  const send = async (): Promise<EditingView> => {
    const version = seen();
    let current = view;
    const client = changes.find((c) => c.block.kind === 'client');
    if (client) current = await saveClientAnswers(view.id, version, client.changed);
    for (const { block, changed } of changes.filter((c) => c.block.kind === 'policy')) {
      setErrorTarget(block.key);
      current = await savePolicyAnswers(view.id, version, block.entity.id, changed);
    }
    const plans = changes.filter((c) => c.block.kind === 'plan');
    if (plans.length > 0) {
      setErrorTarget('plans');
      current = await savePlanAnswers(
        view.id,
        version,
        plans.map(({ block, changed }) => ({ id: block.entity.id, ...changed })),
      );
    }
    return current;
  };

  const blockOf = (conflict: FieldConflict) =>
    blocks.find((b) =>
      conflict.entity === 'Client' ? b.kind === 'client' : b.entity.id === conflict.entityId,
    );

  /** Take theirs: their answers replace the person's in the form; the rest of the edits stay. */
  const takeTheirs = () => {
    if (!collision) return;
    seenVersion.current = Math.max(seenVersion.current, collision.version);
    setStates((all) => {
      const next = { ...all };
      for (const conflict of collision.conflicts) {
        const block = blockOf(conflict);
        if (!block || conflict.attributeKey === null) continue;
        const theirs = initialFormState(block.fields, { [conflict.attributeKey]: conflict.theirs });
        next[block.key] = {
          ...stateOf(block),
          ...next[block.key],
          [conflict.attributeKey]: theirs[conflict.attributeKey],
        };
      }
      return next;
    });
    setCollision(null);
    setNotice({ tone: 'warning', text: 'Their answers are in the form now. Save to continue.' });
  };

  /** Keep mine: save again against the version that has their answers, so the person's answer wins. */
  const keepMine = () => {
    if (!collision) return;
    seenVersion.current = Math.max(seenVersion.current, collision.version);
    setCollision(null);
    void onSubmit();
  };

  // Which block a 400 answer's field messages belong to: the call that was running when it failed.
  const errorTarget = useRef('client');
  const setErrorTarget = (key: string) => {
    errorTarget.current = key;
  };

  const fieldErrorsFor = (fieldErrors: Record<string, string>): Record<string, FormErrors> => {
    if (errorTarget.current !== 'plans') return { [errorTarget.current]: fieldErrors };
    const sentPlans = changes.filter((c) => c.block.kind === 'plan');
    const out: Record<string, FormErrors> = {};
    for (const [key, message] of Object.entries(fieldErrors)) {
      const indexed = /^(?:plans\.)?(\d+)\.(.+)$/.exec(key);
      const targets = indexed ? [sentPlans[Number(indexed[1])]].filter(Boolean) : sentPlans;
      for (const target of targets) {
        const blockKey = target!.block.key;
        out[blockKey] = { ...out[blockKey], [indexed ? indexed[2]! : key]: message };
      }
    }
    return out;
  };

  const onSubmit = async () => {
    setNotice(null);
    setCollision(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(ref.current);
      return;
    }
    const next = nextPath(view.id, steps, form.id);
    if (changes.length === 0) {
      guard.navigateNow(next);
      return;
    }
    setIsSaving(true);
    setErrorTarget('client');
    try {
      const saved = await send();
      await apply(saved);
      setStates(initialStates(blocksOf(form, saved, policyId)));
      guard.setDirty(`substep:${form.id}`, false);
      guard.navigateNow(next);
    } catch (caught) {
      const failure = saveFailure(caught);
      if (failure.type === 'collision') {
        // Only the named answers collide: the person's other edits stay in the form, theirs are shown.
        await reload(view.id).catch(() => undefined);
        setCollision({ conflicts: failure.conflicts, version: failure.currentVersion });
      } else if (failure.type === 'conflict') {
        const fresh = await reloadNewerThan(view.version, () => reload(view.id));
        if (fresh) setStates(initialStates(blocksOf(form, fresh, policyId)));
        setErrors({});
        setNotice({ tone: 'warning', text: CONFLICT_NOTICE });
      } else if (failure.type === 'fields') {
        setErrors(fieldErrorsFor(failure.fieldErrors));
        focusFirstError(ref.current);
      } else {
        setNotice({ tone: 'error', text: failure.text });
      }
    } finally {
      setIsSaving(false);
    }
  };

  const previous = previousSubStep(steps, form.id);
  const hasAnswers = blocks.length > 0;

  const renderBlockFields = (block: Block, fields: readonly FieldDef[]) => {
    const state = stateOf(block);
    const values = wireValues(block.fields, block.entity, state);
    return fields
      .filter((field) => isFieldShown(field, values))
      .map((field) => (
        <FieldControl
          key={field.key}
          field={field}
          value={state[field.key]}
          onChange={(value) => setValue(block, field.key, value)}
          error={errors[block.key]?.[field.key]}
          view={view}
          scope={block.key}
        />
      ));
  };

  /** One policy's or plan's fields, under the section's title and the entity's name. */
  const renderEntityBlock = (
    section: { title?: string; fields: readonly FieldDef[] },
    index: number,
    block: Block,
    name: string,
    testId?: string,
  ) => (
    <fieldset
      key={`${index}:${block.key}`}
      className="eif-form__section eif-form__entity"
      data-testid={testId}
    >
      <legend className="eif-form__legend">
        {section.title ? `${section.title} · ` : ''}
        {name}
      </legend>
      {renderBlockFields(block, section.fields)}
    </fieldset>
  );

  const renderSection = (section: FormSection, index: number) => {
    switch (section.type) {
      case 'client': {
        const block = blocks.find((b) => b.key === 'client');
        return (
          block && (
            <fieldset key={index} className="eif-form__section">
              {section.title && <legend className="eif-form__legend">{section.title}</legend>}
              {renderBlockFields(block, section.fields)}
            </fieldset>
          )
        );
      }
      case 'policy': {
        const policyBlocks = blocks.filter((b) => b.kind === 'policy');
        if (policyBlocks.length === 0)
          return (
            <p key={index} className="muted">
              {policyId ? 'This policy is not part of this client.' : 'There are no policies yet.'}
            </p>
          );
        return policyBlocks.map((block) =>
          renderEntityBlock(section, index, block, policyLabel(block.entity), `policy-${block.entity.id}`),
        );
      }
      case 'plan': {
        const planBlocks = blocks.filter((b) => b.kind === 'plan' && section.plans(b.entity));
        if (planBlocks.length === 0) return null;
        return planBlocks.map((block) => renderEntityBlock(section, index, block, planLabel(block.entity)));
      }
      case 'collection':
        if (section.when && !section.when(wireValues(blocks[0]?.fields ?? [], view, states.client ?? {})))
          return null;
        return (
          <Suspense key={index} fallback={<PageSkeleton />}>
            <CollectionSection section={section} view={view} />
          </Suspense>
        );
      case 'classBuilder':
        return (
          <Suspense key={index} fallback={<PageSkeleton />}>
            <ClassBuilderSection client={view} stepId={stepId} subStepId={form.id} />
          </Suspense>
        );
      default: {
        const unknown: never = section;
        throw new Error(`Unknown section ${JSON.stringify(unknown)}`);
      }
    }
  };

  return (
    <>
      {notice && (
        <div className={`alert alert--${notice.tone}`} role="alert" data-testid="form-notice">
          {notice.text}
        </div>
      )}
      {collision && (
        <CollisionChoice
          conflicts={collision.conflicts}
          fieldOf={(conflict) => blockOf(conflict)?.fields.find((f) => f.key === conflict.attributeKey)}
          view={view}
          isSaving={isSaving}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      )}
      {form.sections.some((s) => s.type !== 'client' && s.type !== 'policy' && s.type !== 'plan') ||
      hasAnswers ? null : (
        <p className="muted">There is nothing to answer here for this client.</p>
      )}
      {/*
        Not a <form>: collections and the class builder inside have dialogs with forms of their own, and
        React bubbles their submit events through portals to any form around them.
      */}
      <FormContext.Provider value={{ validationBehavior: 'aria' }}>
        <div ref={ref} className="form eif-form__form">
          {form.sections.map(renderSection)}
          <div className="form__actions eif-form__actions">
            {previous && (
              <Button
                className="button button--secondary"
                onPress={() => guard.navigate(eifSubStepPath(view.id, previous.stepId, previous.subStepId))}
              >
                Back
              </Button>
            )}
            <Button className="button button--primary" isPending={isSaving} onPress={() => void onSubmit()}>
              {isSaving ? 'Saving…' : hasAnswers ? 'Save and continue' : 'Continue'}
            </Button>
          </div>
        </div>
      </FormContext.Provider>
    </>
  );
}

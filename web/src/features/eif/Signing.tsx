import { useState, type FormEvent } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { Button, Form, Label, Radio, RadioGroup } from '../../ui/controls.ts';
import {
  defaultInviteStep,
  signerSettingOf,
  EIF_STEPS,
  EIF_STEP_IDS,
  EIF_STEP_LABELS,
} from '@onboard/domain/web';
import { CheckboxGroupInput } from '../../ui/Checkbox.tsx';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { inviteOutsideSigner, type OutsideSignerInvite, type OutsideSignerStep } from './api.ts';
import { setAuthorizedSigner, useApplyLifecycleView, useClientBenAdmins } from './signer-api.ts';
import type { ClientView } from '../../api/types.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { Alert, ErrorPanel } from '../../ui/Feedback.tsx';
import { TextInput } from '../../ui/TextInput.tsx';

/** The sections a signature may cover: the form's steps that hold answers (domain eif/signatures.ts). */
const SECTION_OPTIONS = EIF_STEP_IDS.filter((step) => EIF_STEPS[step].length > 0).map((step) => ({
  value: step,
  label: EIF_STEP_LABELS[step],
}));

const messageOf = (caught: unknown) => (caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);

function InviteForm({
  clientId,
  isSigned,
  stepId: fixedStep,
  onDone,
  onCancel,
}: {
  clientId: string;
  /** Whether the form is signed: the choice starts on the step its state leaves to do. */
  isSigned: boolean;
  /** Set where the step is given by the page (review & submit asks for a signature); else a choice. */
  stepId?: OutsideSignerStep;
  onDone: (email: string) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '' });
  const [chosenStep, setChosenStep] = useState<OutsideSignerStep>(defaultInviteStep(isSigned));
  const [sections, setSections] = useState<string[]>(SECTION_OPTIONS.map((option) => option.value));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const stepId = fixedStep ?? chosenStep;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSending(true);
    setFailure(null);
    try {
      const sent = await inviteOutsideSigner(clientId, {
        ...values,
        stepId,
        ...(stepId === 'review-&-submit' ? { sections: sections as OutsideSignerInvite['sections'] } : {}),
      });
      onDone(sent.email);
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
        setErrors(caught.fieldErrors);
      else setFailure(messageOf(caught));
    } finally {
      setIsSending(false);
    }
  };

  const field = (name: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <TextInput
      label={label}
      name={name}
      type={type}
      isRequired
      value={values[name]}
      onChange={(next) => {
        setValues({ ...values, [name]: next });
        setErrors({ ...errors, [name]: '' });
      }}
      error={errors[name]}
    />
  );

  return (
    <Form className="form--stack" onSubmit={(event) => void onSubmit(event)} validationBehavior="aria">
      <div className="form__row">
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
      </div>
      {field('email', 'E-mail', 'email')}
      {!fixedStep && (
        <RadioGroup
          className="field"
          value={chosenStep}
          onChange={(next) => setChosenStep(next as OutsideSignerStep)}
        >
          <Label className="field__label">What they are asked to do</Label>
          <div className="radio-stack">
            <Radio className="radio" value="review-&-submit">
              Review and sign the form
            </Radio>
            <Radio className="radio" value="review-&-submit-updates">
              Review the updates made after signing
            </Radio>
          </div>
        </RadioGroup>
      )}
      {stepId === 'review-&-submit' && (
        <CheckboxGroupInput
          label="Sections they sign"
          description={
            isSigned
              ? 'The form is signed: they countersign these sections, and confirm later changes to them.'
              : 'Later changes to these sections are sent to them to confirm.'
          }
          value={sections}
          options={SECTION_OPTIONS}
          onChange={(next) => {
            setSections(next);
            setErrors({ ...errors, sections: '' });
          }}
          error={errors.sections}
          fieldKey="sections"
        />
      )}
      <FormFooter error={failure} onCancel={onCancel}>
        <Button type="submit" className="button button--primary" isPending={isSending}>
          Send invitation
        </Button>
      </FormFooter>
    </Form>
  );
}

/**
 * Invites someone without an account to sign the form, or to review the updates made after signing
 * (POST /api/clients/{clientId}/outside-signer): the staff manage page and review & submit share it.
 */
export function InviteOutsideSignerDialog({
  clientId,
  isSigned,
  isOpen,
  onOpenChange,
  stepId,
  onSent,
}: {
  clientId: string;
  isSigned: boolean;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  stepId?: OutsideSignerStep;
  onSent: (email: string) => void;
}) {
  return (
    <ModalDialog title="Invite an outside signer" isOpen={isOpen} onOpenChange={onOpenChange}>
      <p className="muted">
        They receive an e-mail with a link that works once, without an account, for 30 days.
      </p>
      <InviteForm
        clientId={clientId}
        isSigned={isSigned}
        stepId={stepId}
        onCancel={() => onOpenChange(false)}
        onDone={(email) => {
          onOpenChange(false);
          onSent(email);
        }}
      />
    </ModalDialog>
  );
}

const ANY_BEN_ADMIN = 'any-ben-admin';
const BROKER = 'broker';

/**
 * Staff name who signs (onboarding §3 Client authorizedSignerUserId / brokerAsAuthorizedSigner): any of
 * the client's benefits administrators (the default), one of them, or the broker. Before signing only.
 */
export function SignerSettingPanel({ client }: { client: ClientView }) {
  const apply = useApplyLifecycleView();
  const { data: benAdmins, error } = useClientBenAdmins(client.id);
  const setting = signerSettingOf(client);
  const current = setting.brokerAsAuthorizedSigner
    ? BROKER
    : (setting.authorizedSignerUserId ?? ANY_BEN_ADMIN);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (choice: string) => {
    if (choice === current) return;
    setIsSaving(true);
    setFailure(null);
    try {
      await apply(
        await setAuthorizedSigner(client.id, {
          authorizedSignerUserId: choice === ANY_BEN_ADMIN || choice === BROKER ? null : choice,
          brokerAsAuthorizedSigner: choice === BROKER,
        }),
      );
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setIsSaving(false);
    }
  };

  // A named signer who is no longer among the client's administrators still shows, so staff see it.
  const listed = benAdmins ?? [];
  const unlisted =
    setting.authorizedSignerUserId !== null && !listed.some((u) => u.id === setting.authorizedSignerUserId);
  return (
    <div className="signer-setting" data-testid="signer-setting">
      <RadioGroup
        className="field"
        value={current}
        isDisabled={isSaving || !benAdmins}
        onChange={(next) => void choose(next)}
      >
        <Label className="field__label">Authorized signer</Label>
        <div className="radio-stack">
          <Radio className="radio" value={ANY_BEN_ADMIN}>
            Any benefits administrator of the client
          </Radio>
          {listed.map((user) => (
            <Radio key={user.id} className="radio" value={user.id}>
              {user.name} ({user.email})
            </Radio>
          ))}
          {unlisted && (
            <Radio className="radio" value={setting.authorizedSignerUserId!}>
              A user no longer assigned to the client
            </Radio>
          )}
          <Radio className="radio" value={BROKER}>
            The broker, as authorized signer
          </Radio>
        </div>
      </RadioGroup>
      {error && <ErrorPanel error={error} />}
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}

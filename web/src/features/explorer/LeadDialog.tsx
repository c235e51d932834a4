import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from '../../ui/controls.ts';
import { EXPLORER_TEXT_MAX_LENGTH, validateLead } from '@onboard/domain/web';
import { sendLead, type LeadBody } from './api.ts';
import { useLocale } from './context.ts';
import { SendButton } from './SendButton.tsx';
import { translateRuleMessage } from './i18n.ts';
import { StateSelect } from './StateSelect.tsx';

const EMPTY = {
  email: '',
  firstName: '',
  lastName: '',
  city: '',
  state: '',
  phone: '',
  externalUser: '',
  employerName: '',
  brokerName: '',
};

/**
 * The lead-generation dialog: form, then confirmation (explorer §4, §5). Loaded on first open (lazy.ts),
 * so the modal machinery stays out of the first page; the modal gives focus back to the opener.
 */
export function LeadDialog({
  explorerPageId,
  isOpen,
  onOpenChange,
}: {
  explorerPageId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Modal isDismissable isOpen={isOpen} onOpenChange={onOpenChange} className="explorer-modal">
      <Dialog className="explorer-dialog">
        {({ close }) => <LeadForm explorerPageId={explorerPageId} close={close} />}
      </Dialog>
    </Modal>
  );
}

function LeadForm({ explorerPageId, close }: { explorerPageId: string; close: () => void }) {
  const { t, language } = useLocale();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isGeneralError, setGeneralError] = useState(false);
  const [waitMinutes, setWaitMinutes] = useState<number | null>(null);
  const [status, setStatus] = useState<'form' | 'sending' | 'confirmation'>('form');
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const isBroker = values.externalUser === 'broker';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = Object.fromEntries(
      Object.entries(validateLead(values)).filter((e): e is [string, string] => e[1] !== undefined),
    );
    setErrors(local);
    setGeneralError(false);
    if (Object.keys(local).length > 0) return;
    setStatus('sending');
    const body: LeadBody = { explorerPageId, ...values };
    const outcome = await sendLead(body);
    if (outcome.ok) {
      setStatus('confirmation');
      return;
    }
    setStatus('form');
    setErrors(outcome.fieldErrors);
    setGeneralError(outcome.isGeneral);
    setWaitMinutes(outcome.retryAfterMinutes ?? null);
  };

  if (status === 'confirmation') {
    return (
      <>
        <Heading slot="title">{t.leadThanksTitle}</Heading>
        <p role="status">{t.leadThanks}</p>
        <Button className="explorer-button" onPress={close}>
          {t.close}
        </Button>
      </>
    );
  }

  const field = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField
      className="explorer-field"
      name={name}
      type={type}
      value={values[name]}
      onChange={set(name)}
      maxLength={EXPLORER_TEXT_MAX_LENGTH}
      isRequired
      isInvalid={errors[name] !== undefined}
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      <Input />
      <FieldError>{errors[name] ? translateRuleMessage(errors[name], language) : null}</FieldError>
    </TextField>
  );

  return (
    <>
      <Heading slot="title">{t.leadTitle}</Heading>
      <p>{t.leadIntro}</p>
      <Form className="explorer-form" onSubmit={(e) => void submit(e)} validationBehavior="aria">
        {isGeneralError && (
          <p role="alert" className="explorer-error">
            {waitMinutes !== null ? t.tooManyAttempts(waitMinutes) : t.formError}
          </p>
        )}
        {field('email', t.email, 'email')}
        {field('firstName', t.firstName)}
        {field('lastName', t.lastName)}
        {field('city', t.city)}
        <StateSelect
          value={values.state}
          onChange={set('state')}
          error={errors.state ? translateRuleMessage(errors.state, language) : undefined}
        />
        {field('phone', t.phone, 'tel')}
        <RadioGroup
          className="explorer-field"
          // Nothing chosen is null, not '': react-aria would otherwise treat '' as the selection and take
          // both radios out of the tab order.
          value={values.externalUser || null}
          onChange={set('externalUser')}
          isRequired
          isInvalid={errors.externalUser !== undefined}
          validationBehavior="aria"
        >
          <Label>{t.iAmA}</Label>
          <div className="explorer-radios">
            <Radio value="employer">{t.employer}</Radio>
            <Radio value="broker">{t.broker}</Radio>
          </div>
          <FieldError>
            {errors.externalUser ? translateRuleMessage(errors.externalUser, language) : null}
          </FieldError>
        </RadioGroup>
        {field('employerName', isBroker ? t.clientName : t.employerName)}
        {isBroker && field('brokerName', t.brokerName)}
        <Text slot="description" className="explorer-hint" />
        <div className="explorer-actions">
          <Button className="explorer-button" onPress={close}>
            {t.cancel}
          </Button>
          <SendButton isSending={status === 'sending'} label={t.send} />
        </div>
      </Form>
    </>
  );
}

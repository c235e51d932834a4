import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  CheckboxGroup,
  FieldError,
  Form,
  Input,
  Label,
  Radio,
  RadioGroup,
  TextField,
} from '../../ui/controls.ts';
import { type ExplorerLanguage, validateExplorerEmailSend } from '@onboard/domain/web';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import {
  fetchHumanCheck,
  sendSelectedBenefits,
  type ExplorerPlanView,
  type HumanCheckChallenge,
} from './api.ts';
import { useLocale } from './context.ts';
import { SendButton } from './SendButton.tsx';
import { HumanCheck } from './HumanCheck.tsx';
import { MESSAGES, translateRuleMessage } from './i18n.ts';

/**
 * E-mail the selected benefits to oneself (explorer §5 Explorer email send): an address, at least one
 * benefit, the human check's token (the proof-of-work widget's answer) and a language, checked here and
 * again by the server with the same domain rule. A refused answer gets a fresh challenge.
 */
export function EmailBenefitsForm({
  explorerPageId,
  plans,
}: {
  explorerPageId: string;
  plans: ExplorerPlanView[];
}) {
  const { t, language } = useLocale();
  const [email, setEmail] = useState('');
  const [benefits, setBenefits] = useState<string[]>(() => plans.map((p) => p.id));
  const [mailLanguage, setMailLanguage] = useState<string>(language);
  const [challenge, setChallenge] = useState<HumanCheckChallenge | null>(null);
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isGeneralError, setGeneralError] = useState(false);
  const [waitMinutes, setWaitMinutes] = useState<number | null>(null);
  const [status, setStatus] = useState<'form' | 'sending' | 'sent'>('form');
  const [sentTo, setSentTo] = useState('');

  const newChallenge = useCallback(() => {
    setToken('');
    fetchHumanCheck()
      .then(setChallenge)
      .catch(() => setGeneralError(true));
  }, []);
  useEffect(newChallenge, [newChallenge]);

  const message = (field: string) => (errors[field] ? translateRuleMessage(errors[field], language) : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      email: email.trim(),
      benefits,
      recaptchaToken: token,
      language: mailLanguage,
    };
    const local = Object.fromEntries(
      Object.entries(validateExplorerEmailSend(body)).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    );
    setErrors(local);
    setGeneralError(false);
    if (Object.keys(local).length > 0) return;
    setStatus('sending');
    const outcome = await sendSelectedBenefits(explorerPageId, body);
    if (outcome.ok) {
      setSentTo(body.email);
      setStatus('sent');
      return;
    }
    setStatus('form');
    setErrors(outcome.fieldErrors);
    setGeneralError(outcome.isGeneral);
    setWaitMinutes(outcome.retryAfterMinutes ?? null);
    // A token is good once: any refusal after it was checked needs a new question.
    if (outcome.fieldErrors.recaptchaToken || outcome.isGeneral) newChallenge();
  };

  if (status === 'sent') {
    return (
      <div className="explorer-email-sent">
        <p role="status">{t.emailSent(sentTo)}</p>
        <Button
          className="explorer-button"
          onPress={() => {
            setStatus('form');
            newChallenge();
          }}
        >
          {t.emailSend}
        </Button>
      </div>
    );
  }

  return (
    <Form
      className="explorer-form explorer-email-form"
      validationBehavior="aria"
      onSubmit={(e) => void submit(e)}
    >
      {isGeneralError && (
        <p role="alert" className="explorer-error">
          {waitMinutes !== null ? t.tooManyAttempts(waitMinutes) : t.formError}
        </p>
      )}
      <CheckboxGroup
        className="explorer-field"
        value={benefits}
        onChange={setBenefits}
        isInvalid={errors.benefits !== undefined}
        validationBehavior="aria"
      >
        <Label>{t.emailBenefits}</Label>
        {plans.map((plan) => (
          <CheckboxInput key={plan.id} value={plan.id} look="explorer">
            {plan.planName}
          </CheckboxInput>
        ))}
        <FieldError>{message('benefits')}</FieldError>
      </CheckboxGroup>
      <TextField
        className="explorer-field"
        type="email"
        value={email}
        onChange={setEmail}
        isRequired
        isInvalid={errors.email !== undefined}
        validationBehavior="aria"
      >
        <Label>{t.email}</Label>
        <Input autoComplete="email" />
        <FieldError>{message('email')}</FieldError>
      </TextField>
      <RadioGroup
        className="explorer-field"
        orientation="horizontal"
        value={mailLanguage}
        onChange={setMailLanguage}
        isInvalid={errors.language !== undefined}
        validationBehavior="aria"
      >
        <Label>{t.emailLanguage}</Label>
        <div className="explorer-radios">
          {(['en', 'es'] as ExplorerLanguage[]).map((l) => (
            <Radio key={l} value={l} lang={l}>
              {l === 'en' ? MESSAGES.en.english : MESSAGES.es.spanish}
            </Radio>
          ))}
        </div>
        <FieldError>{message('language')}</FieldError>
      </RadioGroup>
      <div className="explorer-field">
        {challenge && (
          <HumanCheck
            key={challenge.challenge.parameters.nonce}
            challenge={challenge}
            language={language}
            onToken={setToken}
            errorId={errors.recaptchaToken ? 'explorer-human-check-error' : undefined}
          />
        )}
        {errors.recaptchaToken && (
          <p id="explorer-human-check-error" slot="errorMessage" role="alert">
            {message('recaptchaToken')}
          </p>
        )}
      </div>
      <div className="explorer-actions">
        <SendButton isSending={status === 'sending'} label={t.emailSend} />
      </div>
    </Form>
  );
}

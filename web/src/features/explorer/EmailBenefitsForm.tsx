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
  humanCheckToken,
  sendSelectedBenefits,
  type ExplorerPlanView,
  type HumanCheckChallenge,
} from './api.ts';
import { useLocale } from './context.ts';
import { MESSAGES, translateRuleMessage } from './i18n.ts';

/**
 * E-mail the selected benefits to oneself (explorer §5 Explorer email send): an address, at least one
 * benefit, the human check's token and a language, checked here and again by the server with the same
 * domain rule. A wrong answer gets a fresh question.
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
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isGeneralError, setGeneralError] = useState(false);
  const [waitMinutes, setWaitMinutes] = useState<number | null>(null);
  const [status, setStatus] = useState<'form' | 'sending' | 'sent'>('form');
  const [sentTo, setSentTo] = useState('');

  const newChallenge = useCallback(() => {
    setAnswer('');
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
      recaptchaToken: humanCheckToken(challenge, answer),
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
      <TextField
        className="explorer-field"
        inputMode="numeric"
        value={answer}
        onChange={setAnswer}
        isInvalid={errors.recaptchaToken !== undefined}
        validationBehavior="aria"
      >
        <Label>
          {challenge ? t.humanCheck(challenge.question.a, challenge.question.b) : t.humanCheckLoading}
        </Label>
        <Input autoComplete="off" />
        <FieldError>{message('recaptchaToken')}</FieldError>
      </TextField>
      <div className="explorer-actions">
        <Button className="explorer-button" onPress={newChallenge}>
          {t.newQuestion}
        </Button>
        <Button
          type="submit"
          className="explorer-button explorer-button--brand"
          isDisabled={status === 'sending'}
        >
          {status === 'sending' ? t.sending : t.emailSend}
        </Button>
      </div>
    </Form>
  );
}

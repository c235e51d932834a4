import { Button } from '../../ui/controls.ts';
import { useLocale } from './context.ts';

/** An Explorer form's submit button: its label, or the sending words (and disabled) while the form sends. */
export function SendButton({ isSending, label }: { isSending: boolean; label: string }) {
  const { t } = useLocale();
  return (
    <Button type="submit" className="explorer-button explorer-button--brand" isDisabled={isSending}>
      {isSending ? t.sending : label}
    </Button>
  );
}

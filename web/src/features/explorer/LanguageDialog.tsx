import { Button, Dialog, Heading, Modal, Radio, RadioGroup } from '../../ui/controls.ts';
import type { ExplorerLanguage } from '@onboard/domain/web';
import { useLocale } from './context.ts';
import { MESSAGES } from './i18n.ts';

/** The language dialog (explorer §2), loaded on first open. */
export function LanguageDialog({
  isOpen,
  onOpenChange,
  onChoose,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChoose: (language: ExplorerLanguage) => void;
}) {
  const { t, language } = useLocale();
  return (
    <Modal isDismissable isOpen={isOpen} onOpenChange={onOpenChange} className="explorer-modal">
      <Dialog className="explorer-dialog">
        {({ close }) => (
          <>
            <Heading slot="title">{t.languageDialogTitle}</Heading>
            <RadioGroup
              className="explorer-radios explorer-radios--stacked"
              aria-label={t.chooseLanguage}
              value={language}
              onChange={(value) => {
                close();
                onChoose(value as ExplorerLanguage);
              }}
            >
              <Radio value="en" lang="en">
                {MESSAGES.en.english}
              </Radio>
              <Radio value="es" lang="es">
                {MESSAGES.es.spanish}
              </Radio>
            </RadioGroup>
            <Button className="explorer-button" onPress={close}>
              {t.close}
            </Button>
          </>
        )}
      </Dialog>
    </Modal>
  );
}

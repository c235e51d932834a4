import { createContext, useContext } from 'react';
import type { ExplorerLanguage } from '../../../domain/src/explorer/catalogues.ts';
import { MESSAGES, type Messages } from './i18n.ts';

export type ExplorerLocale = { language: ExplorerLanguage; t: Messages };

export const LocaleContext = createContext<ExplorerLocale>({ language: 'en', t: MESSAGES.en });

export const useLocale = (): ExplorerLocale => useContext(LocaleContext);

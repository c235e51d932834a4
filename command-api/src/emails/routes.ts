import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import {
  CLIENT_EMAIL_OPERATIONS,
  generateActivityEmails,
  resendEmail,
  resendRejectedEmails,
  sendActivelyAtWorkReminders,
  sendDentalEmails,
  sendPhaseChangeEmails,
  sendPostOnboardingSurvey,
  sendRiskAcceptanceEmails,
  sendUpcomingDateEmails,
  sendDailyDigestsNow,
  setEmailPreferences,
  setEmailRules,
  emailOpened,
} from './routes.contract.ts';
import { emailCommands, type EmailCommandDeps } from './context.ts';
import { openPixel } from './opened.ts';
import { choosePreferences } from './preferences.ts';
import { sendDigestsNow } from './digests.ts';
import { setRules } from './rules.ts';
import {
  effectiveDateData,
  noData,
  phaseData,
  resourcesLinkData,
  sendToClient,
  upcomingDateData,
} from './client-email.ts';
import { activityEmails } from './activity.ts';
import { resendOne, resendRejected } from './resend.ts';

/** Writes on e-mails (onboarding §7 "Emails"): resend and the owner-only e-mails, each with its permission of platform §6. */
export function emailCommandRoutes(deps: EmailCommandDeps): Router {
  const to = CLIENT_EMAIL_OPERATIONS;
  return routerOf(emailCommands(deps), [
    handle(setEmailPreferences, choosePreferences),
    handle(sendDailyDigestsNow, sendDigestsNow),
    handle(setEmailRules, setRules),
    handle(sendPostOnboardingSurvey, sendToClient(to['post-onboarding-survey'], noData)),
    handle(sendRiskAcceptanceEmails, sendToClient(to['risk-acceptance'], noData)),
    handle(sendActivelyAtWorkReminders, sendToClient(to['actively-at-work-reminder'], effectiveDateData)),
    handle(sendDentalEmails, sendToClient(to.dental, resourcesLinkData)),
    handle(sendUpcomingDateEmails, sendToClient(to['upcoming-date'], upcomingDateData)),
    handle(sendPhaseChangeEmails, sendToClient(to['phase-change'], phaseData)),
    handle(generateActivityEmails, activityEmails),
    handle(resendRejectedEmails, resendRejected),
    handle(resendEmail, resendOne),
    handle(emailOpened, () => openPixel(deps)),
  ]);
}

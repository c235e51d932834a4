import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
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
  const router = Router();
  const emails = emailCommands(deps);
  const to = CLIENT_EMAIL_OPERATIONS;

  mount(router, setEmailPreferences, choosePreferences(emails));
  mount(router, sendDailyDigestsNow, sendDigestsNow(emails));
  mount(router, setEmailRules, setRules(emails));

  mount(router, sendPostOnboardingSurvey, sendToClient(emails, to['post-onboarding-survey'], noData));
  mount(router, sendRiskAcceptanceEmails, sendToClient(emails, to['risk-acceptance'], noData));
  mount(
    router,
    sendActivelyAtWorkReminders,
    sendToClient(emails, to['actively-at-work-reminder'], effectiveDateData),
  );
  mount(router, sendDentalEmails, sendToClient(emails, to.dental, resourcesLinkData));
  mount(router, sendUpcomingDateEmails, sendToClient(emails, to['upcoming-date'], upcomingDateData));
  mount(router, sendPhaseChangeEmails, sendToClient(emails, to['phase-change'], phaseData));

  mount(router, generateActivityEmails, activityEmails(emails));
  mount(router, resendRejectedEmails, resendRejected(emails));
  mount(router, resendEmail, resendOne(emails));
  mount(router, emailOpened, openPixel(deps));

  return router;
}

import type { EmailKind } from '@onboard/events';
import { EMAIL_KIND_LABELS } from './kinds.ts';

/**
 * What an e-mail says, kind by kind, as data: a subject, a greeting, paragraphs, at most one action
 * (a button in HTML, the bare link in text) and a closing note. The HTML is rendered from it with MJML
 * by the outbox (platform/src/emails/render.ts); the text by `emailText` below, so both always agree.
 */
export type EmailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string } | null;
  note: string | null;
};

/** The values a template fills in; every template names the ones it needs. */
export type TemplateData = Record<string, string>;

export type EmailTemplate = {
  kind: EmailKind;
  label: string;
  /** The values of the staff preview. */
  sample: TemplateData;
  build: (data: TemplateData) => EmailContent;
};

const v = (data: TemplateData, key: string) => data[key] ?? '';
const hello = (data: TemplateData) => (data.firstName ? `Hello ${data.firstName},` : 'Hello,');

const SAMPLE = {
  firstName: 'Bianca',
  clientName: 'Lakeside Manufacturing Co.',
  link: 'https://onboard.example/client/lakeside-manufacturing',
};

const template = (
  kind: EmailKind,
  sample: TemplateData,
  build: (data: TemplateData) => Omit<EmailContent, 'greeting'> & { greeting?: string },
): EmailTemplate => ({
  kind,
  label: EMAIL_KIND_LABELS[kind],
  sample,
  build: (data) => {
    const content = build(data);
    return { ...content, greeting: content.greeting ?? hello(data) };
  },
});

export const EMAIL_TEMPLATES: Partial<Record<EmailKind, EmailTemplate>> = {
  ACTIVATION: template(
    'ACTIVATION',
    { ...SAMPLE, link: 'https://onboard.example/activate?token=sample', days: '7' },
    (d) => ({
      subject: 'Welcome to Onboard: activate your account',
      paragraphs: ['An account has been created for you on Onboard. Choose your password to activate it.'],
      action: { label: 'Activate your account', url: v(d, 'link') },
      note: `The link works once and expires in ${v(d, 'days')} days.`,
    }),
  ),
  WELCOME: template('WELCOME', SAMPLE, (d) => ({
    subject: `Welcome to the onboarding of ${v(d, 'clientName')}`,
    paragraphs: [
      `Onboarding for ${v(d, 'clientName')} has started on Onboard. Your hub lists every step, who does it and by when.`,
    ],
    action: { label: 'Open your hub', url: v(d, 'link') },
    note: null,
  })),
  PASSWORD_RESET: template(
    'PASSWORD_RESET',
    { ...SAMPLE, link: 'https://onboard.example/reset?token=sample', hours: '1' },
    (d) => ({
      subject: 'Reset your Onboard password',
      paragraphs: ['Someone asked to reset your Onboard password. If it was you, choose a new one.'],
      action: { label: 'Choose a new password', url: v(d, 'link') },
      note: `The link works once and expires in ${v(d, 'hours')} hour. If it was not you, ignore this e-mail.`,
    }),
  ),
  OUTSIDE_SIGNER_INVITATION: template(
    'OUTSIDE_SIGNER_INVITATION',
    {
      ...SAMPLE,
      firstName: 'Sam',
      link: 'https://onboard.example/client/lakeside-manufacturing/outside-signer/sample',
      days: '30',
      purpose: 'sign',
    },
    (d) => ({
      subject:
        d.purpose === 'updates'
          ? 'Please review the updates to the Employer Information Form'
          : 'Please review and sign the Employer Information Form',
      paragraphs: [
        d.clientName
          ? `You have been asked to review the Employer Information Form of ${v(d, 'clientName')} on Onboard.`
          : 'You have been asked to review the Employer Information Form on Onboard.',
      ],
      action: {
        label: d.purpose === 'updates' ? 'Review the updates' : 'Review and sign',
        url: v(d, 'link'),
      },
      note: `The link works once and expires in ${v(d, 'days')} days.`,
    }),
  ),
  ONBOARDING_FORM_TO_SIGN: template(
    'ONBOARDING_FORM_TO_SIGN',
    { ...SAMPLE, formName: 'Group application' },
    (d) => ({
      subject: `${v(d, 'formName')} is ready for your signature`,
      paragraphs: [`The ${v(d, 'formName')} of ${v(d, 'clientName')} is ready for you to review and sign.`],
      action: { label: 'Review and sign', url: v(d, 'link') },
      note: d.days ? `The link works once and expires in ${v(d, 'days')} days.` : null,
    }),
  ),
  ONBOARDING_FORM_RELEASED: template(
    'ONBOARDING_FORM_RELEASED',
    {
      ...SAMPLE,
      formName: 'Officers resolution',
      why: 'it needed any 2 of the 3 Officers, and 2 have signed',
    },
    (d) => ({
      subject: `You no longer need to sign ${v(d, 'formName')}`,
      paragraphs: [
        `You no longer need to sign the ${v(d, 'formName')} of ${v(d, 'clientName')}: ${v(d, 'why')}.`,
        'There is nothing more for you to do; a signing link you were sent for it no longer opens.',
      ],
      // People with an account can look at the form; someone who signs by link has nowhere to go.
      action: d.link ? { label: 'See the onboarding forms', url: v(d, 'link') } : null,
      note: null,
    }),
  ),
  ONBOARDING_FORM_DECLINED: template(
    'ONBOARDING_FORM_DECLINED',
    {
      ...SAMPLE,
      formName: 'Group application',
      declinedBy: 'Bianca Brooks',
      reason: 'We are not the broker of record for this group',
    },
    (d) => ({
      subject: `${v(d, 'formName')} was declined`,
      paragraphs: [
        `${v(d, 'declinedBy')} declined to sign the ${v(d, 'formName')} of ${v(d, 'clientName')}.`,
        `Reason: ${v(d, 'reason')}`,
        'The form waits until the carrier’s staff reassign their place or void it; you will hear when it needs you again.',
      ],
      action: d.link ? { label: 'See the onboarding forms', url: v(d, 'link') } : null,
      note: null,
    }),
  ),
  ONBOARDING_FORM_VOIDED: template(
    'ONBOARDING_FORM_VOIDED',
    { ...SAMPLE, formName: 'Group application', reason: 'Sent with the wrong plan year' },
    (d) => ({
      subject: `${v(d, 'formName')} was voided`,
      paragraphs: [
        `The ${v(d, 'formName')} of ${v(d, 'clientName')} was voided by the carrier’s staff, so nobody can sign it any more.`,
        `Reason: ${v(d, 'reason')}`,
      ],
      action: d.link ? { label: 'See the onboarding forms', url: v(d, 'link') } : null,
      note: 'There is nothing more for you to do about this form.',
    }),
  ),
  NEW_DOCUMENT: template('NEW_DOCUMENT', { ...SAMPLE, documentName: 'Benefits summary 2027.pdf' }, (d) => ({
    subject: `A new document for ${v(d, 'clientName')}`,
    paragraphs: [`${v(d, 'documentName')} was added to the documents of ${v(d, 'clientName')}.`],
    action: { label: 'See the document', url: v(d, 'link') },
    note: null,
  })),
  TASK_NEEDS_ACTION: template(
    'TASK_NEEDS_ACTION',
    { ...SAMPLE, taskName: 'Census file', reason: 'The file is missing the employees’ dates of hire.' },
    (d) => ({
      subject: `Action needed: ${v(d, 'taskName')}`,
      paragraphs: [
        `The task “${v(d, 'taskName')}” of ${v(d, 'clientName')} was sent back and needs your action.`,
        `Reason: ${v(d, 'reason')}`,
      ],
      action: { label: 'Open the task', url: v(d, 'link') },
      note: null,
    }),
  ),
  TASK_DUE_SOON: template(
    'TASK_DUE_SOON',
    { ...SAMPLE, taskName: 'Census file', dueDate: 'December 1, 2026' },
    (d) => ({
      subject: `Due soon: ${v(d, 'taskName')}`,
      paragraphs: [`The task “${v(d, 'taskName')}” of ${v(d, 'clientName')} is due on ${v(d, 'dueDate')}.`],
      action: { label: 'Open the task', url: v(d, 'link') },
      note: null,
    }),
  ),
  PUSH_FINISHED: template('PUSH_FINISHED', { ...SAMPLE, outcome: 'completed' }, (d) => ({
    subject: `The plan design of ${v(d, 'clientName')} reached the plan system`,
    paragraphs: [
      `The push of the plan design of ${v(d, 'clientName')} to the plan system ${v(d, 'outcome')}.`,
    ],
    action: { label: 'See the push', url: v(d, 'link') },
    note: null,
  })),
  DATA_FEED_READY: template('DATA_FEED_READY', { ...SAMPLE, rounds: '2', round: '3' }, (d) => ({
    subject: `The data feed of ${v(d, 'clientName')} is ready for production`,
    paragraphs: [
      `The test 834 files of ${v(d, 'clientName')} passed ${v(d, 'rounds')} clean rounds in a row (the last one round ${v(d, 'round')}): accepted, and matching the signed plan design, the submitted census and the companion guide.`,
      'Please move the feed to production.',
    ],
    action: { label: 'See the data feed', url: v(d, 'link') },
    note: null,
  })),
  PERSONAL_DATA_ERASED: template(
    'PERSONAL_DATA_ERASED',
    { ...SAMPLE, days: '90', liveOn: 'March 2, 2026' },
    (d) => ({
      subject: `The census personal data of ${v(d, 'clientName')} was erased`,
      paragraphs: [
        `${v(d, 'clientName')} went live on ${v(d, 'liveOn')}. As ${v(d, 'days')} days have passed, its census files and the personal data of its employees and their dependants (SSNs, dates of birth, salaries, names, addresses) were erased.`,
        'The onboarding record stays: every value that was erased now reads “erased”.',
      ],
      action: { label: 'Open the client', url: v(d, 'link') },
      note: null,
    }),
  ),
  PHASE_CHANGE: template('PHASE_CHANGE', { ...SAMPLE, phase: 'Enrollment' }, (d) => ({
    subject: `${v(d, 'clientName')} is now in ${v(d, 'phase')}`,
    paragraphs: [`The onboarding of ${v(d, 'clientName')} moved to its next phase: ${v(d, 'phase')}.`],
    action: { label: 'See the timeline', url: v(d, 'link') },
    note: null,
  })),
  UPCOMING_DATE: template(
    'UPCOMING_DATE',
    { ...SAMPLE, dateName: 'Open enrollment starts', date: 'December 1, 2026' },
    (d) => ({
      subject: `Coming up: ${v(d, 'dateName')} on ${v(d, 'date')}`,
      paragraphs: [`A reminder for ${v(d, 'clientName')}: ${v(d, 'dateName')} on ${v(d, 'date')}.`],
      action: { label: 'Open your hub', url: v(d, 'link') },
      note: null,
    }),
  ),
  ACTIVELY_AT_WORK_REMINDER: template(
    'ACTIVELY_AT_WORK_REMINDER',
    { ...SAMPLE, effectiveDate: 'January 1, 2027' },
    (d) => ({
      subject: 'Reminder: the actively-at-work requirement',
      paragraphs: [
        `Coverage for the employees of ${v(d, 'clientName')} starts on ${v(d, 'effectiveDate')} for those actively at work that day.`,
        'An employee who is not actively at work then is covered from the day they return to work.',
      ],
      action: { label: 'Open your hub', url: v(d, 'link') },
      note: null,
    }),
  ),
  DENTAL: template('DENTAL', SAMPLE, (d) => ({
    subject: `Dental coverage for ${v(d, 'clientName')}: what employees should know`,
    paragraphs: [
      `Dental coverage of ${v(d, 'clientName')} comes with its own enrollment materials and network information.`,
    ],
    action: { label: 'See the dental resources', url: v(d, 'link') },
    note: null,
  })),
  RISK_ACCEPTANCE: template('RISK_ACCEPTANCE', SAMPLE, (d) => ({
    subject: `The risk of ${v(d, 'clientName')} was accepted`,
    paragraphs: [
      `Underwriting accepted the risk of ${v(d, 'clientName')}. Onboarding continues with the next steps.`,
    ],
    action: { label: 'Open your hub', url: v(d, 'link') },
    note: null,
  })),
  POST_ONBOARDING_SURVEY: template('POST_ONBOARDING_SURVEY', SAMPLE, (d) => ({
    subject: 'How did your onboarding go?',
    paragraphs: [
      `The onboarding of ${v(d, 'clientName')} is complete. Tell us how it went: it takes two minutes.`,
    ],
    action: { label: 'Take the survey', url: v(d, 'link') },
    note: null,
  })),
  EIF_SIGNED: template('EIF_SIGNED', { ...SAMPLE, signedBy: 'Ben Adler' }, (d) => ({
    subject: `${v(d, 'clientName')} signed the Employer Information Form`,
    paragraphs: [
      `${v(d, 'signedBy')} signed the Employer Information Form of ${v(d, 'clientName')}.`,
      'Changes made from now on wait for review before they apply.',
    ],
    action: { label: 'See the form', url: v(d, 'link') },
    note: null,
  })),
  EIF_CHANGES_READY_FOR_REVIEW: template(
    'EIF_CHANGES_READY_FOR_REVIEW',
    { ...SAMPLE, link: 'https://onboard.example/clients/admin/lakeside-manufacturing/manage/review' },
    (d) => ({
      subject: `Changes to review: ${v(d, 'clientName')}`,
      paragraphs: [
        `${v(d, 'clientName')} changed its signed Employer Information Form and marked the changes ready for review.`,
      ],
      action: { label: 'Review the changes', url: v(d, 'link') },
      note: null,
    }),
  ),
  CENSUS_SUBMITTED: template('CENSUS_SUBMITTED', { ...SAMPLE, fileName: 'census-2027.xlsx' }, (d) => ({
    subject: `Census submitted: ${v(d, 'clientName')}`,
    paragraphs: [`${v(d, 'clientName')} submitted its census file ${v(d, 'fileName')}.`],
    action: { label: 'See the census', url: v(d, 'link') },
    note: null,
  })),
  CENSUS_ERRORS: template(
    'CENSUS_ERRORS',
    { ...SAMPLE, fileName: 'census-2027.xlsx', problem: 'has 12 errors to correct' },
    (d) => ({
      subject: `The census of ${v(d, 'clientName')} needs corrections`,
      paragraphs: [
        `The census file ${v(d, 'fileName')} of ${v(d, 'clientName')} ${v(d, 'problem')}.`,
        'Correct the file and upload it again; the validation report lists each issue by row.',
      ],
      action: { label: 'See the validation report', url: v(d, 'link') },
      note: null,
    }),
  ),
  CLIENT_DOCUMENT_UPLOADED: template(
    'CLIENT_DOCUMENT_UPLOADED',
    { ...SAMPLE, documentName: 'Prior carrier bill.pdf', uploadedBy: 'Ben Adler' },
    (d) => ({
      subject: `${v(d, 'clientName')} uploaded ${v(d, 'documentName')}`,
      paragraphs: [`${v(d, 'uploadedBy')} of ${v(d, 'clientName')} uploaded ${v(d, 'documentName')}.`],
      action: { label: 'See the documents', url: v(d, 'link') },
      note: null,
    }),
  ),
  TASK_ACCEPTED: template('TASK_ACCEPTED', { ...SAMPLE, taskName: 'Census file' }, (d) => ({
    subject: `Accepted: ${v(d, 'taskName')}`,
    paragraphs: [
      `The task “${v(d, 'taskName')}” of ${v(d, 'clientName')} was reviewed and accepted. It is done.`,
    ],
    action: { label: 'Open the task', url: v(d, 'link') },
    note: null,
  })),
  GO_LIVE: template('GO_LIVE', SAMPLE, (d) => ({
    subject: `${v(d, 'clientName')} is live`,
    paragraphs: [
      `The onboarding of ${v(d, 'clientName')} is complete: its coverage is live with the carrier.`,
      'Day-to-day service takes over from here.',
    ],
    action: { label: 'Open the hub', url: v(d, 'link') },
    note: null,
  })),
  TASK_DUE_TODAY: template(
    'TASK_DUE_TODAY',
    { ...SAMPLE, taskName: 'Census file', dueDate: 'December 1, 2026' },
    (d) => ({
      subject: `Due today: ${v(d, 'taskName')}`,
      paragraphs: [
        `The task “${v(d, 'taskName')}” of ${v(d, 'clientName')} is due today, ${v(d, 'dueDate')}.`,
      ],
      action: { label: 'Open the task', url: v(d, 'link') },
      note: null,
    }),
  ),
  TASK_OVERDUE: template(
    'TASK_OVERDUE',
    { ...SAMPLE, taskName: 'Census file', dueDate: 'December 1, 2026' },
    (d) => ({
      subject: `Past due: ${v(d, 'taskName')}`,
      paragraphs: [
        `The task “${v(d, 'taskName')}” of ${v(d, 'clientName')} was due on ${v(d, 'dueDate')} and is not done yet.`,
        'Until it is done, this reminder comes again every week.',
      ],
      action: { label: 'Open the task', url: v(d, 'link') },
      note: null,
    }),
  ),
  TASK_ESCALATED: template(
    'TASK_ESCALATED',
    { ...SAMPLE, firstName: 'Adam', taskName: 'Census file', dueDate: 'December 1, 2026', days: '5' },
    (d) => ({
      subject: `${v(d, 'clientName')}: ${v(d, 'taskName')} is more than ${v(d, 'days')} working days past due`,
      paragraphs: [
        `The task “${v(d, 'taskName')}” of ${v(d, 'clientName')} was due on ${v(d, 'dueDate')} and is still not done, more than ${v(d, 'days')} working days later.`,
        'Its owners were reminded. A word from you may get it moving.',
      ],
      action: { label: 'Open the task', url: v(d, 'link') },
      note: null,
    }),
  ),
  ONBOARDING_FORM_REMINDER: template(
    'ONBOARDING_FORM_REMINDER',
    { ...SAMPLE, firstName: 'Sam', formName: 'Group application', expires: 'December 1, 2026' },
    (d) => ({
      subject: `Reminder: ${v(d, 'formName')} is waiting for your signature`,
      paragraphs: [
        `The ${v(d, 'formName')} of ${v(d, 'clientName')} is still waiting for you to review and sign.`,
      ],
      action: { label: 'Review and sign', url: v(d, 'link') },
      note: `Your link works once and expires on ${v(d, 'expires')}.`,
    }),
  ),
  CONVERSATION_MENTION: template(
    'CONVERSATION_MENTION',
    {
      ...SAMPLE,
      link: 'https://onboard.example/client/lakeside-manufacturing/conversations/sample',
      authorName: 'Ben Adler',
      subjectLabel: 'Census row 12 of census.csv',
    },
    // The message is not quoted: what people write about people is read in Onboard, where it is sealed
    // and can be erased; a copy in a mailbox cannot.
    (d) => ({
      subject: `${v(d, 'authorName')} mentioned you: ${v(d, 'subjectLabel')}`,
      paragraphs: [
        `${v(d, 'authorName')} mentioned you in a conversation of ${v(d, 'clientName')} on “${v(d, 'subjectLabel')}”.`,
      ],
      action: { label: 'Open the conversation', url: v(d, 'link') },
      note: 'Answer in Onboard: replies to this e-mail are not read.',
    }),
  ),
  EIF_CONFIRM_CHANGES: template(
    'EIF_CONFIRM_CHANGES',
    {
      ...SAMPLE,
      link: 'https://onboard.example/client/lakeside-manufacturing/task/eif-submit-company-information/confirm-changes',
      sections: 'Company information',
      count: '1 accepted change',
    },
    (d) => ({
      subject: `Please confirm the changes to the form you signed: ${v(d, 'clientName')}`,
      paragraphs: [
        `${v(d, 'count')} to the Employer Information Form of ${v(d, 'clientName')} touched what you signed (${v(d, 'sections')}).`,
        'Please look over each answer as it was and as it is now, and confirm them. Only the changes to your sections are shown.',
      ],
      action: { label: 'Confirm the changes', url: v(d, 'link') },
      note: null,
    }),
  ),
};

/** The templates in the order staff see them. */
export const TEMPLATE_LIST: readonly EmailTemplate[] = Object.values(EMAIL_TEMPLATES);

/** The plain-text version: greeting, paragraphs, the action's link on its own line, the note. */
export function emailText(content: EmailContent): string {
  const lines = [content.greeting, ''];
  for (const p of content.paragraphs) lines.push(p, '');
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  if (content.note) lines.push(content.note);
  return lines.join('\n').trimEnd();
}

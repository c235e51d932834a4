import mjml2html from 'mjml';
import type { EmailContent } from '@onboard/domain';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Text with its http(s) addresses as links, escaped. */
const linked = (text: string) =>
  escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#0b5b7a">${url}</a>`);

const BRAND = '#0b4a64';

/**
 * The HTML of an e-mail, rendered with MJML (responsive, inlined styles, table layout mail clients
 * understand): the brand bar, the greeting, the paragraphs, the action as a button with its address
 * beneath for clients that block buttons, and the note.
 */
export async function renderEmailHtml(
  content: EmailContent,
  openPixelUrl: string | null = null,
): Promise<string> {
  const paragraphs = content.paragraphs.map((p) => `<mj-text>${linked(p)}</mj-text>`).join('\n');
  const action = content.action
    ? `<mj-button href="${escape(content.action.url)}" background-color="${BRAND}" border-radius="6px" font-weight="600" align="left">${escape(content.action.label)}</mj-button>
       <mj-text font-size="12px" color="#5a6473">Or open this address: ${linked(content.action.url)}</mj-text>`
    : '';
  const note = content.note
    ? `<mj-text font-size="13px" color="#5a6473">${linked(content.note)}</mj-text>`
    : '';
  const source = `<mjml>
  <mj-head>
    <mj-title>${escape(content.subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${BRAND}" padding="16px 24px">
      <mj-column><mj-text color="#ffffff" font-size="20px" font-weight="700">Onboard</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text>${escape(content.greeting)}</mj-text>
        ${paragraphs}
        ${action}
        ${note}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 24px">
      <mj-column><mj-text font-size="12px" color="#6b7280">This e-mail was sent by Onboard, the group benefits onboarding portal.</mj-text></mj-column>
    </mj-section>
    ${openPixelUrl ? `<mj-raw><img src="${escape(openPixelUrl)}" width="1" height="1" alt="" style="display:block;border:0" /></mj-raw>` : ''}
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict' });
  if (errors.length > 0)
    throw new Error(`E-mail template: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}

/** An e-mail written as plain text (no template): its lines as paragraphs, the first as the greeting. */
export function contentFromText(subject: string, text: string): EmailContent {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '');
  const [first = '', ...rest] = blocks;
  const isGreeting = /^(hello|hi|dear)\b/i.test(first) && !first.includes('\n');
  return {
    subject,
    greeting: isGreeting ? first : '',
    paragraphs: (isGreeting ? rest : blocks).flatMap((b) => b.split('\n')),
    action: null,
    note: null,
  };
}

/** The staff view of the Explorer's built-in support chat (query-api/src/explorer/routes.ts answers it). */
import type { Read } from '../../api/client.ts';

export type SupportConversation =
  Read<'/api/explorer-pages/{explorerPageId}/support/conversations/{conversationId}'>;
export type SupportMessage = SupportConversation['messages'][number];
export type SupportAuthor = SupportMessage['author'];
export type SupportConversationSummary =
  Read<'/api/explorer-pages/{explorerPageId}/support/conversations'>['items'][number];

/** A conversation waits for staff while the visitor has the last word. */
export const isWaitingForReply = (messages: readonly SupportMessage[]): boolean =>
  messages.at(-1)?.author === 'visitor';

/**
 * The thread as shown: what the server has, then the replies sent from this screen that the read side
 * does not show yet (it is a projection and lags the write by a moment), in time order.
 */
export function mergeSentReplies(
  stored: readonly SupportMessage[],
  sent: readonly SupportMessage[],
): SupportMessage[] {
  const known = new Set(stored.map((m) => m.messageId));
  const pending = sent.filter((m) => !known.has(m.messageId));
  return [...stored, ...pending].sort(
    (a, b) => a.at.localeCompare(b.at) || a.messageId.localeCompare(b.messageId),
  );
}

/** One line of a message for the list: whitespace folded, cut at a word near `max` characters. */
export function previewOf(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

export const LANGUAGE_LABELS: Record<string, string> = { en: 'English', es: 'Spanish' };

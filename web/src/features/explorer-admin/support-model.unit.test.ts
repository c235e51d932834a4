import { describe, expect, it } from 'vitest';
import { isWaitingForReply, mergeSentReplies, previewOf, type SupportMessage } from './support-model.ts';

const message = (messageId: string, author: SupportMessage['author'], at: string): SupportMessage => ({
  messageId,
  author,
  text: messageId,
  at,
});

describe('the staff support inbox model', () => {
  it('waits for a reply only while the visitor has the last word', () => {
    expect(isWaitingForReply([])).toBe(false);
    expect(isWaitingForReply([message('a', 'visitor', '2026-01-01T10:00:00Z')])).toBe(true);
    expect(
      isWaitingForReply([
        message('a', 'visitor', '2026-01-01T10:00:00Z'),
        message('b', 'agent', '2026-01-01T10:01:00Z'),
      ]),
    ).toBe(false);
  });

  it('shows a sent reply until the read side has it, once, in time order', () => {
    const question = message('q', 'visitor', '2026-01-01T10:00:00Z');
    const reply = message('r', 'agent', '2026-01-01T10:02:00Z');
    const followUp = message('f', 'visitor', '2026-01-01T10:01:00Z');
    expect(mergeSentReplies([question], [reply]).map((m) => m.messageId)).toEqual(['q', 'r']);
    expect(mergeSentReplies([question, followUp, reply], [reply]).map((m) => m.messageId)).toEqual([
      'q',
      'f',
      'r',
    ]);
  });

  it('previews a message on one line, cut at a word', () => {
    expect(previewOf('  Does it\ncover   braces? ')).toBe('Does it cover braces?');
    expect(previewOf('one two three four five', 12)).toBe('one two…');
    expect(previewOf('x'.repeat(20), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

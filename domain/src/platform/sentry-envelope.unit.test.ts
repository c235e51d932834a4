import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  EnvelopeError,
  envelopeIngestUrl,
  isSameDsn,
  parseDsn,
  parseEnvelope,
  serializeEnvelope,
  summarizeEvent,
} from './sentry-envelope.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const DSN = 'https://abc123@o1.ingest.sentry.example/42';

describe('the Sentry envelope', () => {
  it('reads the header and items with and without a length, payloads with newlines inside a length', () => {
    const event = '{"message":"a\\nb"}';
    const envelope = parseEnvelope(
      bytes(
        `{"event_id":"e1","dsn":"${DSN}"}\n` +
          `{"type":"event","length":${bytes(event).length}}\n${event}\n` +
          `{"type":"attachment","length":3}\nx\ny\n` +
          `{"type":"client_report"}\n{"discarded_events":[]}\n`,
      ),
    );
    expect(envelope.header).toEqual({ event_id: 'e1', dsn: DSN });
    expect(envelope.items.map((i) => i.type)).toEqual(['event', 'attachment', 'client_report']);
    expect(new TextDecoder().decode(envelope.items[1]!.payload)).toBe('x\ny');
    expect(summarizeEvent(envelope.items[0]!.payload).message).toBe('a\nb');
  });

  it('refuses what is not an envelope', () => {
    expect(() => parseEnvelope(bytes('not json'))).toThrow(EnvelopeError);
    expect(() => parseEnvelope(bytes('{}\n{"length":2}\n{}'))).toThrow('An item has no type');
    expect(() => parseEnvelope(bytes('{}\n{"type":"event","length":99}\n{}'))).toThrow(EnvelopeError);
  });

  it('summarizes an error event in words: the exception, level, address, release and time', () => {
    const summary = summarizeEvent(
      bytes(
        JSON.stringify({
          event_id: 'e1',
          level: 'fatal',
          timestamp: 1_700_000_000.5,
          release: 'onboard@1.2.3',
          environment: 'local',
          request: { url: 'http://127.0.0.1/clients/admin' },
          exception: {
            values: [
              { type: 'Cause', value: 'inner' },
              { type: 'TypeError', value: 'x is undefined' },
            ],
          },
        }),
      ),
    );
    expect(summary).toEqual({
      eventId: 'e1',
      level: 'fatal',
      message: 'TypeError: x is undefined',
      url: 'http://127.0.0.1/clients/admin',
      release: 'onboard@1.2.3',
      environment: 'local',
      occurredAt: 1_700_000_000.5,
    });
    expect(summarizeEvent(bytes('{}'))).toMatchObject({
      level: 'error',
      message: 'An error with no message',
    });
  });

  it('writes envelopes it can read back', () => {
    const written = serializeEnvelope({ event_id: 'e2' }, [{ type: 'event', payload: { message: 'é\nx' } }]);
    const read = parseEnvelope(written);
    expect(read.header).toEqual({ event_id: 'e2' });
    expect(summarizeEvent(read.items[0]!.payload).message).toBe('é\nx');
  });
});

describe('the DSN', () => {
  it('names the project ingest address', () => {
    expect(envelopeIngestUrl(parseDsn(DSN)!)).toBe('https://o1.ingest.sentry.example/api/42/envelope/');
    expect(envelopeIngestUrl(parseDsn('http://k@127.0.0.1:9000/sentry/7')!)).toBe(
      'http://127.0.0.1:9000/sentry/api/7/envelope/',
    );
    expect(parseDsn('not a dsn')).toBeNull();
  });

  itAnswers(isSameDsn, {
    'matches the same key and project only': [
      [[DSN, 'https://abc123@O1.ingest.sentry.example/42/'], true],
      [[DSN, 'https://other@o1.ingest.sentry.example/42'], false],
      [[DSN, 'https://abc123@o1.ingest.sentry.example/43'], false],
      [[DSN, 'garbage'], false],
    ],
  });
});

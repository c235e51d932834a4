import { describe, expect, it } from 'vitest';
import { clientFields, type FieldDef } from '@onboard/domain';
import { eifStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { type ApiResponse } from './testing/http-client.ts';
import { expectOneWinner } from './testing/conflicts.ts';
import { seededAppForTests } from './testing/seeded-app.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;

/** A valid answer for the field that differs from the one stored now. */
function differentAnswer(field: FieldDef, current: unknown, n: number): unknown {
  switch (field.kind) {
    case 'boolean':
      return current !== true;
    case 'choice':
    case 'answer': {
      const codes = field.kind === 'answer' ? ['YES', 'NO', 'NOT_APPLICABLE'] : field.enumeration.codes;
      return codes.find((code) => code !== current);
    }
    case 'month':
      return current === 3 ? 4 : 3;
    case 'text':
      return `Noted by writer ${n}`;
    default:
      throw new Error(`No different answer for ${field.kind}`);
  }
}

// Field-aware concurrency of the EIF form saves: the version the editor saw travels as Seen-Version;
// only a later change to an answer the save changes refuses it (with both values), every other save
// goes through, and a save racing another for the stream's revision is decided again by the server.
describe('EIF edits that do not collide', () => {
  const portal = seededAppForTests('eif_concurrency', ['staff', 'benAdmin']);

  const editingView = async () => {
    const res = await portal.staff.put(client, {});
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown> & { version: number };
  };
  const streamLength = async () => (await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID))).length;

  it('lets 16 people save 16 different answers against the same version: all are saved', async () => {
    const seen = await editingView();
    const fields = clientFields()
      .filter((f) => !f.when && !f.check && ['boolean', 'choice', 'answer', 'month', 'text'].includes(f.kind))
      .filter((f) => f.key !== 'needsEmployeeClasses')
      .slice(0, 16);
    expect(fields).toHaveLength(16);
    const writes = fields.map((field, n) => ({ field, value: differentAnswer(field, seen[field.key], n) }));
    const before = await streamLength();
    const answers = await Promise.all(
      writes.map(({ field, value }, n) =>
        (n % 2 === 0 ? portal.staff : portal.benAdmin).put(
          client,
          { [field.key]: value },
          { 'seen-version': String(seen.version) },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(writes.map(() => 200));
    expect(await streamLength()).toBe(before + 16);
    const after = await editingView();
    for (const { field, value } of writes) expect(after[field.key]).toEqual(value);
  });

  it('lets one of 16 people saving the same answer win; the 15 others are told, with both values', async () => {
    const seen = await editingView();
    const values = Array.from({ length: 16 }, (_, n) => `Same question, answer ${n + 1}`);
    const before = await streamLength();
    const answers: ApiResponse[] = await Promise.all(
      values.map((value, n) =>
        (n % 2 === 0 ? portal.staff : portal.benAdmin).put(
          client,
          { otherCoverageChangeNotes: value },
          { 'seen-version': String(seen.version) },
        ),
      ),
    );
    const winner = expectOneWinner(answers, values, {
      entity: 'Client',
      entityId: DEMO_CLIENT_ID,
      attributeKey: 'otherCoverageChangeNotes',
    });
    // Nothing silently lost: exactly one change written, and it is the winner's.
    expect(await streamLength()).toBe(before + 1);
    expect((await editingView()).otherCoverageChangeNotes).toBe(winner);
  });

  it('saves "keep mine" against the version that has their answer', async () => {
    const seen = await editingView();
    const theirs = await portal.staff.put(
      client,
      { otherCoverageChangeNotes: 'Theirs' },
      { 'seen-version': String(seen.version) },
    );
    expect(theirs.status).toBe(200);
    const mine = await portal.benAdmin.put(
      client,
      { otherCoverageChangeNotes: 'Mine' },
      { 'seen-version': String(seen.version) },
    );
    expect(mine.status).toBe(409);
    const again = await portal.benAdmin.put(
      client,
      { otherCoverageChangeNotes: 'Mine' },
      { 'seen-version': String(mine.body.currentVersion) },
    );
    expect(again.status).toBe(200);
    expect(again.body.otherCoverageChangeNotes).toBe('Mine');
  });

  it('keeps the whole-form version for clients that send If-Match: any later change is a conflict', async () => {
    const seen = await editingView();
    expect((await portal.staff.put(client, { otherCoverageChangeNotes: 'One more' })).status).toBe(200);
    const stale = await portal.benAdmin.put(
      client,
      { allBenefitsNonContributory: seen.allBenefitsNonContributory !== true },
      { 'if-match': String(seen.version) },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', currentVersion: seen.version + 1 });
    expect(stale.body.conflicts).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  checkDocumentName,
  clientDocumentKey,
  documentCategories,
  documentCategoryOfTask,
  hasActiveContent,
  textTypeOf,
} from './catalogue.ts';
import { documentsDecider, type DocumentCommand } from './decider.ts';
import { foldWith } from '../decider.ts';
import { TASKS } from '../tasks/catalogue.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('document categories', () => {
  it('file every task under a category with a label, and unknown tasks under Other documents', () => {
    for (const task of TASKS)
      expect(documentCategories.map((c) => c.id)).toContain(documentCategoryOfTask(task.id));
    expect(documentCategoryOfTask('enrollment-elections')).toBe('census');
    expect(documentCategoryOfTask('prior-carrier-bills')).toBe('prior-carrier-bills');
    expect(documentCategoryOfTask('kickoff-call')).toBe('other');
    expect(documentCategories.every((c) => c.label.trim() !== '')).toBe(true);
  });

  it('keep a client’s files under one prefix of the store', () => {
    expect(clientDocumentKey('lakeside', 'd1')).toBe('clients/lakeside/documents/d1');
  });
});

describe('active content', () => {
  it('finds scripts and launch actions in a PDF, also behind #xx name escapes', () => {
    expect(hasActiveContent('application/pdf', bytes('%PDF-1.7 << /S /JavaScript /JS (x) >>'))).toBe(true);
    expect(hasActiveContent('application/pdf', bytes('%PDF-1.7 << /OpenAction << /S /Launch >> >>'))).toBe(
      true,
    );
    expect(hasActiveContent('application/pdf', bytes('%PDF-1.7 << /S /J#61vaScript >>'))).toBe(true);
    expect(hasActiveContent('application/pdf', bytes('%PDF-1.7 << /Type /Page /Contents 4 0 R >>'))).toBe(
      false,
    );
  });

  itAnswers(hasActiveContent, {
    'finds script elements, event handlers and javascript: links in HTML, not in plain markup': [
      [['text/html', bytes('<p>hi</p><script>x()</script>')], true],
      [['text/html', bytes('<img src=x onerror="x()">')], true],
      [['text/html', bytes('<a href="javascript:x()">a</a>')], true],
      [['text/html', bytes('<h1>Plan summary</h1><p>Dental</p>')], false],
      [['text/csv', bytes('<script>')], false],
    ],
  });
});

describe('text files, which have no magic number', () => {
  itAnswers(textTypeOf, {
    'read as HTML, CSV or plain text by their content; binary is none of them': [
      [[bytes('<!doctype html><html></html>'), 'notes.txt'], 'text/html'],
      [[bytes('a,b\n1,2\n'), 'census.csv'], 'text/csv'],
      [[bytes('Dear team,\nplease find…'), 'letter.txt'], 'text/plain'],
      [[new Uint8Array([0x4d, 0x5a, 0x00, 0x01]), 'setup.csv'], null],
      [[new Uint8Array([0xc3, 0x28, 0x41]), 'bad.txt'], null],
    ],
  });
});

describe('document names', () => {
  it('are trimmed, never empty, at most 200 characters', () => {
    expect(checkDocumentName('  Bills.pdf ')).toEqual({ ok: true, name: 'Bills.pdf' });
    expect(checkDocumentName(' ')).toEqual({ ok: false, message: 'Give the document a name' });
    expect(checkDocumentName('x'.repeat(201))).toMatchObject({ ok: false });
  });
});

describe('the documents decider', () => {
  const meta = (userId: string, role: string) => ({ at: '2026-11-25T00:00:00.000Z', by: { userId, role } });
  const upload: DocumentCommand = {
    type: 'UploadDocuments',
    data: {
      clientId: 'c1',
      files: [{ documentId: 'd1', documentKey: 'k1', name: 'a.pdf', mimeType: 'application/pdf', size: 3 }],
      category: 'census',
      policyId: 'p1',
      language: null,
    },
    metadata: meta('ben', 'BEN_ADMIN'),
  };
  const uploaded = () => {
    const decision = documentsDecider.decide(upload, documentsDecider.initialState());
    if (!decision.ok) throw new Error(decision.error.message);
    return foldWith(documentsDecider, decision.events);
  };

  it('records the uploader and refuses an unknown category', () => {
    expect(uploaded().documents.get('d1')).toMatchObject({ uploadedBy: 'ben', uploadedByRole: 'BEN_ADMIN' });
    const refused = documentsDecider.decide(
      { ...upload, data: { ...upload.data, category: 'secret' } } as DocumentCommand,
      documentsDecider.initialState(),
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'INVALID', fields: { category: expect.any(String) } },
    });
  });

  it('lets the client’s people delete only their own uploads; staff delete any; a deleted one is gone', () => {
    const state = uploaded();
    const del = (userId: string, role: string): DocumentCommand => ({
      type: 'DeleteDocument',
      data: { clientId: 'c1', documentId: 'd1' },
      metadata: meta(userId, role),
    });
    expect(documentsDecider.decide(del('bro', 'BROKER'), state)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'You can only delete documents you uploaded' },
    });
    const byStaff = documentsDecider.decide(del('adm', 'SLF_ADMIN'), state);
    if (!byStaff.ok) throw new Error(byStaff.error.message);
    const deleted = byStaff.events.reduce(documentsDecider.evolve, state);
    expect(deleted.documents.get('d1')?.deletedAt).toBe('2026-11-25T00:00:00.000Z');
    expect(documentsDecider.decide(del('ben', 'BEN_ADMIN'), deleted)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { VIDEO_NOT_FOUND, documentsDecider, type DocumentCommand } from './decider.ts';

const at = '2026-11-28T10:00:00.000Z';
const by = { userId: 'u-1', role: 'BEN_ADMIN' };
const given = givenWhenThen(documentsDecider);
const video = {
  clientId: 'c-1',
  videoId: 'v-1',
  documentKey: 'clients/c-1/videos/v-1',
  name: 'Welcome.mp4',
  mimeType: 'video/mp4',
  size: 1024,
};
const upload: DocumentCommand = { type: 'UploadVideo', data: video, metadata: { at, by } };
const remove: DocumentCommand = {
  type: 'DeleteVideo',
  data: { clientId: 'c-1', videoId: 'v-1' },
  metadata: { at, by },
};
const uploaded = { type: 'DocumentVideoUploaded' as const, data: { ...video, at, by } };
const deleted = { type: 'DocumentVideoDeleted' as const, data: { clientId: 'c-1', videoId: 'v-1', at, by } };

describe("a client's videos", () => {
  it('records a video the video store keeps', () => {
    expect(eventsOf(given().when(upload))).toEqual([uploaded]);
  });

  it('deletes a video once, and no video it does not know', () => {
    expect(eventsOf(given(uploaded).when(remove))).toEqual([deleted]);
    expect(refusalOf(given(uploaded, deleted).when(remove))).toEqual({
      code: 'NOT_FOUND',
      message: VIDEO_NOT_FOUND,
    });
    expect(refusalOf(given().when(remove)).code).toBe('NOT_FOUND');
  });
});

describe("a client's documents", () => {
  const document = {
    type: 'DocumentUploaded' as const,
    data: {
      clientId: 'c-1',
      documentId: 'd-1',
      documentKey: 'clients/c-1/documents/d-1',
      name: 'Census.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 10,
      category: 'Census',
      policyId: null,
      language: null,
      uploadedBy: 'u-1',
      uploadedByRole: 'BEN_ADMIN',
      at,
    },
  };
  const rename = (name: string): DocumentCommand => ({
    type: 'RenameDocument',
    data: { clientId: 'c-1', documentId: 'd-1', name },
    metadata: { at, by },
  });

  it('keeps the file extension when a rename leaves it out', () => {
    expect(eventsOf(given(document).when(rename('Census 2027')))).toMatchObject([
      { type: 'DocumentRenamed', data: { name: 'Census 2027.xlsx' } },
    ]);
    expect(eventsOf(given(document).when(rename('Census 2027.XLSX')))).toMatchObject([
      { type: 'DocumentRenamed', data: { name: 'Census 2027.XLSX' } },
    ]);
    expect(eventsOf(given(document).when(rename('Census')))).toEqual([]);
  });
});

/** A moment as people read it: 'Nov 24, 2026, 10:52 AM'; a dash when there is none. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Whether every word of a search (any case) stands in one of the texts; an empty search matches all. */
export function matchesEveryWord(search: string, ...texts: string[]): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = texts.join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

/** '12 KB', '1.4 MB': a file's size as people read it. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const FILE_KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/tiff': 'TIFF image',
  'text/csv': 'CSV',
  'text/plain': 'Text',
  'text/html': 'Web page',
  'video/mp4': 'MP4 video',
  'application/zip': 'ZIP archive',
  'application/msword': 'Word document',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
};

/** 'PDF', 'Excel workbook': a file's kind in words, 'File' for a kind not named (or not among `only`). */
export function fileKindLabel(mimeType: string, only?: readonly string[]): string {
  if (only && !only.includes(mimeType)) return 'File';
  return FILE_KINDS[mimeType] ?? 'File';
}

import { OFFICE_TYPES, formatBytes } from '../../../shared/contracts/files.ts';

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/plain': 'Text',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'video/mp4': 'MP4 video',
  'video/webm': 'WebM video',
  [OFFICE_TYPES.docx]: 'Word document',
  [OFFICE_TYPES.xlsx]: 'Excel workbook',
  [OFFICE_TYPES.pptx]: 'PowerPoint slides',
};

/** "PDF", "Word document": what a person calls the type. */
export const typeLabel = (mime: string) => TYPE_LABELS[mime] ?? 'File';

/** The short tag on a file's icon. */
export function typeTag(mime: string): string {
  if (mime === 'application/pdf') return 'PDF';
  if (mime === 'text/plain') return 'TXT';
  if (mime.startsWith('image/')) return 'IMG';
  if (mime.startsWith('video/')) return 'VID';
  if (mime === OFFICE_TYPES.docx) return 'DOC';
  if (mime === OFFICE_TYPES.xlsx) return 'XLS';
  if (mime === OFFICE_TYPES.pptx) return 'PPT';
  return 'FILE';
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** "PDF · 240 KB · 3 Nov 2026" */
export const fileFacts = (file: { mime: string; size: number }, createdAt: string) =>
  `${typeLabel(file.mime)} · ${formatBytes(file.size)} · ${formatDate(createdAt)}`;

import { describe, it, expect } from '@jest/globals';
import { attachmentKind } from '@/lib/alerts/attachment-kind';
import { formatFileSize } from '@/lib/alerts/format-file-size';
import { shortFileName } from '@/lib/alerts/short-file-name';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [25 * 1024 * 1024 - 1, '25 MB'],
    [3.25 * 1024 ** 3, '3.3 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d bytes → %s', (bytes, shown) => {
    expect(formatFileSize(bytes, 'en-US').replace(/,/g, '')).toBe(shown);
  });

  it('uses the locale decimal separator', () => {
    expect(formatFileSize(1536, 'nb-NO')).toBe('1,5 KB');
  });

  it('never shows a negative size', () => {
    expect(formatFileSize(-5)).toBe('0 B');
  });
});

describe('shortFileName', () => {
  it('keeps names of up to 11 characters', () => {
    expect(shortFileName('plan.pdf')).toBe('plan.pdf');
    expect(shortFileName('evacuation1')).toBe('evacuation1');
  });

  it('cuts longer names to 11 characters and an ellipsis', () => {
    expect(shortFileName('evacuation-plan.pdf')).toBe('evacuation-…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shortFileName('🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥.png')).toBe('🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥…');
  });
});

describe('attachmentKind', () => {
  it.each([
    ['image/png', 'image'],
    ['IMAGE/JPEG', 'image'],
    ['image/svg+xml', 'document'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['application/pdf', 'document'],
    ['text/csv', 'document'],
  ])('%s is shown as %s', (type, kind) => {
    expect(attachmentKind(type)).toBe(kind);
  });
});

import { describe, it, expect } from '@jest/globals';
import {
  assertAttachmentAllowed,
  attachmentUploadsField,
  contentTypeField,
  isAllowedAttachmentType,
  MAX_ATTACHMENT_BYTES,
} from '@/lib/attachments/attachment-limits';
import { isUploadKeyUnder, newUploadKey, safeFileName, uploadPrefix } from '@/lib/attachments/upload-key';
import { isStorageKey } from '@/lib/providers/storage/storage-key';

const me = { userId: '11111111-2222-4333-8444-555555555555', company: { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee' } };

function failure(file: { name: string; contentType: string | null; size: number }) {
  try {
    assertAttachmentAllowed(file);
  } catch (error) {
    const { status, messages, details } = error as { status: number; messages: string[]; details: { code?: string } };
    return { status, messages, code: details.code };
  }
  return null;
}

describe('upload keys', () => {
  it('puts uploads under companies/<cid>/uploads/<userId>/<uuid>/<safe name>', () => {
    expect(uploadPrefix(me)).toBe(`companies/${me.company.id}/uploads/${me.userId}/`);
    const key = newUploadKey(me, 'Brannøvelse plan (v2).pdf');
    expect(key).toMatch(
      new RegExp(`^companies/${me.company.id}/uploads/${me.userId}/[0-9a-f-]{36}/Brannovelse-plan-v2-.pdf$`),
    );
    expect(isStorageKey(key)).toBe(true);
    expect(isUploadKeyUnder(uploadPrefix(me), key)).toBe(true);
    expect(newUploadKey(me, 'a.pdf')).not.toBe(newUploadKey(me, 'a.pdf'));
  });

  it('makes any file name a safe key segment', () => {
    expect(safeFileName('photo.JPG')).toBe('photo.JPG');
    expect(safeFileName('Søknad på jobb.docx')).toBe('Soknad-pa-jobb.docx');
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('...')).toBe('file');
    expect(safeFileName('日本語')).toBe('file');
    expect(safeFileName('a/b\\c:d?.txt')).toBe('a-b-c-d-.txt');
    const long = safeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(100);
    expect(long.endsWith('.pdf')).toBe(true);
    for (const name of ['..', '.', '-', '..%2F', 'con', ' spaced ', 'ÆØÅ.png', '—.txt']) {
      expect([name, isStorageKey(`x/${safeFileName(name)}`)]).toEqual([name, true]);
    }
  });

  it('takes only one upload directly under the prefix', () => {
    const prefix = uploadPrefix(me);
    const uuid = '0b6f7c1e-2f6a-4d4e-9c39-000000000001';
    expect(isUploadKeyUnder(prefix, `${prefix}${uuid}/a.pdf`)).toBe(true);
    expect(isUploadKeyUnder(prefix, `${prefix}a.pdf`)).toBe(false);
    expect(isUploadKeyUnder(prefix, `${prefix}${uuid}/x/a.pdf`)).toBe(false);
    expect(isUploadKeyUnder(prefix, `${prefix}not-a-uuid/a.pdf`)).toBe(false);
    expect(isUploadKeyUnder(prefix, `${prefix}${uuid}/../a.pdf`)).toBe(false);
    expect(
      isUploadKeyUnder(prefix, `companies/${me.company.id}/uploads/99999999-2222-4333-8444-555555555555/${uuid}/a.pdf`),
    ).toBe(false);
    expect(isUploadKeyUnder(prefix, `users/${me.userId}/photo-1.png`)).toBe(false);
  });
});

describe('attachment limits', () => {
  it('allows media, PDF, text, CSV and office documents', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'video/mp4',
      'audio/mpeg',
      'application/pdf',
      'text/plain',
      'text/csv',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.oasis.opendocument.text',
    ]) {
      expect([type, isAllowedAttachmentType(type)]).toEqual([type, true]);
    }
    for (const type of [
      'text/html',
      'application/javascript',
      'application/x-msdownload',
      'image/svg+xml',
      'application/octet-stream',
      'application/zip',
    ]) {
      expect([type, isAllowedAttachmentType(type)]).toEqual([type, false]);
    }
  });

  it('answers 400 attachmentType and 413 attachmentTooLarge', () => {
    expect(failure({ name: 'a.pdf', contentType: 'application/pdf', size: MAX_ATTACHMENT_BYTES })).toBeNull();
    expect(failure({ name: 'page.html', contentType: 'text/html', size: 10 })).toEqual({
      status: 400,
      messages: ['page.html: files of type text/html cannot be attached'],
      code: 'attachmentType',
    });
    expect(failure({ name: 'x', contentType: null, size: 10 })).toMatchObject({ status: 400, code: 'attachmentType' });
    expect(failure({ name: 'big.mp4', contentType: 'video/mp4', size: MAX_ATTACHMENT_BYTES + 1 })).toEqual({
      status: 413,
      messages: ['big.mp4 is larger than 25 MB'],
      code: 'attachmentTooLarge',
    });
  });

  it('reads content types as bare lowercase MIME types and at most 10 uploads', () => {
    expect(contentTypeField.parse(' Image/PNG ')).toBe('image/png');
    expect(contentTypeField.safeParse('image/png; charset=x').success).toBe(false);
    expect(contentTypeField.safeParse('png').success).toBe(false);
    const upload = { key: 'k', name: ' a.pdf ' };
    expect(attachmentUploadsField.parse([upload])).toEqual([{ key: 'k', name: 'a.pdf' }]);
    expect(attachmentUploadsField.safeParse(Array(11).fill(upload)).success).toBe(false);
    expect(attachmentUploadsField.safeParse([{ key: 'k', name: '  ' }]).success).toBe(false);
  });
});

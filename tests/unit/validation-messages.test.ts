import { describe, it, expect } from '@jest/globals';
import { z } from 'zod';
import { validationMessages } from '@/lib/http-parts/validation-messages';

const schema = z.object({
  title: z.string().trim().min(3).max(50),
  email: z.string().email(),
  channels: z.array(z.enum(['push', 'sms', 'voice'])).min(1),
  reason: z.string().min(4).optional(),
});

function messagesFor(input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return validationMessages(result.error, input);
}

describe('the spec generic validation messages', () => {
  const valid = { title: 'Fire drill', email: 'a@b.no', channels: ['push'] };

  it('accepts valid input', () => {
    expect(messagesFor(valid)).toEqual([]);
  });

  it.each([
    [{ ...valid, title: undefined }, 'title is required'],
    [{ ...valid, title: '' }, 'title is required'],
    [{ ...valid, title: 'ab' }, 'title must be at least 3 characters'],
    [{ ...valid, title: 'x'.repeat(51) }, 'title cannot be longer than 50 characters'],
    [{ ...valid, email: 'not-an-email' }, 'email is not valid'],
    [{ ...valid, channels: [] }, 'channels is required'],
    [{ ...valid, channels: ['fax'] }, 'channels.0 is not valid'],
    [{ ...valid, reason: 'abc' }, 'reason must be at least 4 characters'],
    [{ ...valid, title: 12 }, 'title is not valid'],
  ])('%j → %s', (input, message) => {
    expect(messagesFor(input)).toEqual([message]);
  });

  it('says a missing discriminator of a union is required, and a wrong one not valid', () => {
    const union = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a: z.string() }),
      z.object({ kind: z.literal('b') }),
    ]);
    const messages = (input: unknown) => {
      const result = union.safeParse(input);
      return result.success ? [] : validationMessages(result.error, input);
    };
    expect(messages({})).toEqual(['kind is required']);
    expect(messages({ kind: 'c' })).toEqual(['kind is not valid']);
    expect(messages({ kind: 'a' })).toEqual(['a is required']);
  });

  it('names the whole body when the body itself is wrong', () => {
    const result = schema.safeParse('text');
    expect(result.success).toBe(false);
    if (!result.success) expect(validationMessages(result.error, 'text', 'body')).toEqual(['body is not valid']);
  });
});

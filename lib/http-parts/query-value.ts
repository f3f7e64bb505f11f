import { z } from 'zod';

/**
 * An optional query parameter read as URLSearchParams.get reads it: the first value when it is repeated. For links and
 * callbacks whose operation judges the values itself, so it never fails validation.
 */
export const firstQueryValue = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : value),
  z.string().optional(),
);

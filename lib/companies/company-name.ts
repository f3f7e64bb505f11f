import { z } from 'zod';

/** A company's name: at least 3 characters (spec §5). */
export const companyName = z.string().trim().min(3).max(100);

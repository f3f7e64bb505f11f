import { z } from 'zod';

export const folderIdParams = z.object({ id: z.uuid() });
export const folderBody = z.object({ name: z.string().trim().min(1).max(60) });

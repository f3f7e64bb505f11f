import type { createCompany } from '@/lib/companies/create-company';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';

// Creating a company (contract-accounts.md): the user becomes its owner.

export type NewCompany = AnswerOf<typeof createCompany>;

export const companiesApi = {
  create: (name: string) => api.post<NewCompany>('/api/customer', { name }),
};

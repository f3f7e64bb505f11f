import { api } from '@/lib/http/client';

// Creating a company (contract-accounts.md): the user becomes its owner.

export interface NewCompany {
  customerId: string;
  customerName: string;
}

export const companiesApi = {
  create: (name: string) => api.post<NewCompany>('/api/customer', { name }),
};

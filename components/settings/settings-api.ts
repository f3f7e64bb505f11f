import { apiQuery } from '@/components/ui/api-query';
import type { changeExtraSeats } from '@/lib/companies/change-extra-seats';
import type { deleteCompany } from '@/lib/companies/delete-company';
import type { getSeats } from '@/lib/companies/get-seats';
import type { renameCompany } from '@/lib/companies/rename-company';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { contactSales } from '@/lib/sales/contact-sales';
import type { listSalesRequests } from '@/lib/sales/list-sales-requests';
import type { SalesField } from '@/lib/sales/sales-fields';
import type { changeCompanySetting } from '@/lib/settings/change-company-setting';
import type { getCompanySettings } from '@/lib/settings/get-company-settings';

// Company settings (issue 19): GET /api/customerSettings, POST /api/customerSettings/{name}, the seats, the name and
// closing the company, and contacting sales.

export type CompanySettings = AnswerOf<typeof getCompanySettings>;
export type SettingName = keyof CompanySettings['settings'];

/** A setting's change answers its name and the value stored, which reads back as GET /api/customerSettings shows it. */
type SettingChanged<N extends SettingName> = AnswerOf<typeof changeCompanySetting> & {
  name: N;
  value: CompanySettings['settings'][N];
};

export type Seats = AnswerOf<typeof getSeats>;
export type SalesRequests = AnswerOf<typeof listSalesRequests>;
export type SalesRequest = AnswerOf<typeof contactSales>;

export const settingsQuery = apiQuery<CompanySettings>('/api/customerSettings');
export const seatsQuery = apiQuery<Seats>('/api/customer/seats');
export const salesRequestsQuery = apiQuery<SalesRequests>('/api/customer/contactSales');

export const settingsApi = {
  change: <N extends SettingName>(name: N, value: CompanySettings['settings'][N]) =>
    api.post<SettingChanged<N>>(`/api/customerSettings/${name}`, { value }),
  changeExtraSeats: (extraSeats: number) =>
    api.put<AnswerOf<typeof changeExtraSeats>>('/api/customer/seats', { extraSeats }),
  rename: (name: string) => api.put<AnswerOf<typeof renameCompany>>('/api/customer/name', { name }),
  closeCompany: (customerNameVerification: string) =>
    api.delete<AnswerOf<typeof deleteCompany>>('/api/customer', { customerNameVerification }),
  contactSales: (fields: SalesField[]) => api.post<SalesRequest>('/api/customer/contactSales', { fields }),
};

import { apiQuery } from '@/components/ui/api-query';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { readInstanceSettings } from '@/lib/instance/read-instance-settings';
import type { updateInstanceSettings } from '@/lib/instance/update-instance-settings';
import type { answerSalesRequest } from '@/lib/operators/answer-sales-request';
import type { changeCompanyPlan } from '@/lib/operators/change-company-plan';
import type { getCompany } from '@/lib/operators/get-company';
import type { liftSuspension } from '@/lib/operators/lift-suspension';
import type { listCompanies } from '@/lib/operators/list-companies';
import type { listRecordedEmails } from '@/lib/operators/list-recorded-emails';
import type { listSalesRequests, SalesRequestStatus } from '@/lib/operators/list-sales-requests';
import type { suspendCompany } from '@/lib/operators/suspend-company';

// The install's operators (issue 35): /api/operator/companies and /api/operator/settings.

export type CompaniesPage = AnswerOf<typeof listCompanies>;
export type OperatorCompany = CompaniesPage['items'][number];
export type InstanceSettings = AnswerOf<typeof readInstanceSettings>;
export type CompanyPlanChange = Partial<Pick<OperatorCompany, 'plan' | 'includedSeats' | 'extraSeats' | 'features'>>;

export type RecordedEmails = AnswerOf<typeof listRecordedEmails>;

export const COMPANIES_PAGE_SIZE = 50;

export function recordedEmailsQuery(page: number) {
  return apiQuery<RecordedEmails>(`/api/operator/emails?page=${page}`);
}

export function companiesQuery(page: number, search: string) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(COMPANIES_PAGE_SIZE) });
  if (search.trim()) query.set('q', search.trim());
  return apiQuery<CompaniesPage>(`/api/operator/companies?${query}`);
}

export type SalesRequestsPage = AnswerOf<typeof listSalesRequests>;
export type OperatorSalesRequest = SalesRequestsPage['items'][number];
export type AnsweredSalesRequest = AnswerOf<typeof answerSalesRequest>;
export type { SalesRequestStatus };

export const SALES_REQUESTS_PAGE_SIZE = 20;

export function salesRequestsQuery(page: number, status: SalesRequestStatus) {
  const query = new URLSearchParams({ status, page: String(page), pageSize: String(SALES_REQUESTS_PAGE_SIZE) });
  return apiQuery<SalesRequestsPage>(`/api/operator/salesRequests?${query}`);
}

export const instanceSettingsQuery = apiQuery<InstanceSettings>('/api/operator/settings');

export const operatorApi = {
  changeCompany: (id: string, change: CompanyPlanChange) =>
    api.put<AnswerOf<typeof changeCompanyPlan>>(`/api/operator/companies/${id}`, change),
  suspend: (id: string, reason: string) =>
    api.put<AnswerOf<typeof suspendCompany>>(`/api/operator/companies/${id}/suspension`, { reason }),
  restore: (id: string) => api.delete<AnswerOf<typeof liftSuspension>>(`/api/operator/companies/${id}/suspension`),
  getCompany: (id: string) => api.get<AnswerOf<typeof getCompany>>(`/api/operator/companies/${id}`),
  answerSalesRequest: (id: string, answer: string) =>
    api.post<AnsweredSalesRequest>(`/api/operator/salesRequests/${id}/answer`, { answer }),
  saveSettings: (settings: InstanceSettings) =>
    api.put<AnswerOf<typeof updateInstanceSettings>>('/api/operator/settings', settings),
};

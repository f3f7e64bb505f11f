import { api } from '@/lib/http/client';
import type { SalesField, SalesTopic } from '@/lib/sales/sales-fields';
import type { AlertSound, SoundType } from '@/lib/settings/setting-rules';
import { apiQuery } from '@/components/ui/api-query';

// Company settings (issue 19): GET /api/customerSettings, POST /api/customerSettings/{name}, the seats, the name and
// closing the company, and contacting sales.

export interface CompanySettings {
  settings: {
    alertSounds: Partial<Record<SoundType, AlertSound>>;
    alertSoundLocked: boolean;
    defaultCountry: string;
    defaultSosMessage: string | null;
    conferenceText: string | null;
    missionAlarmSubscribers: string[];
  };
  choices: { alertSounds: AlertSound[]; defaultCountries: { country: string; dialCode: string }[] };
}

export type SettingName = keyof CompanySettings['settings'];

export interface Seats {
  plan: string;
  includedSeats: number;
  extraSeats: number;
  inUse: number;
  maxUsers: number;
  changes: { at: string; by: { userId: string; name: string } | null; from: number; to: number }[];
}

export interface SalesRequest {
  id: string;
  at: string;
  by: { userId: string; name: string } | null;
  topic: SalesTopic | null;
  /** Where it was e-mailed; null: recorded only (no SALES_EMAIL). */
  sentTo: string | null;
}

export interface SalesRequests {
  items: SalesRequest[];
  salesEmailConfigured: boolean;
}

export const settingsQuery = apiQuery<CompanySettings>('/api/customerSettings');
export const seatsQuery = apiQuery<Seats>('/api/customer/seats');
export const salesRequestsQuery = apiQuery<SalesRequests>('/api/customer/contactSales');

export const settingsApi = {
  change: <N extends SettingName>(name: N, value: CompanySettings['settings'][N]) =>
    api.post<{ name: N; value: CompanySettings['settings'][N] }>(`/api/customerSettings/${name}`, { value }),
  changeExtraSeats: (extraSeats: number) => api.put<Seats>('/api/customer/seats', { extraSeats }),
  rename: (name: string) => api.put<{ customerId: string; name: string }>('/api/customer/name', { name }),
  closeCompany: (customerNameVerification: string) => api.delete('/api/customer', { customerNameVerification }),
  contactSales: (fields: SalesField[]) => api.post<SalesRequest>('/api/customer/contactSales', { fields }),
};

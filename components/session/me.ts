/** GET /api/me (contract-accounts.md, spec §3 Profile). */
export interface Me {
  user: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    role: string | null;
    profilePhoto: string | null;
    use2FA: boolean;
    locale: string;
    nameManaged: boolean;
  };
  features: { featureName: string }[];
  customer: {
    customerId: string;
    customerName: string;
    name: string;
    plan: string;
    maxUsers: number;
    defaultCountry: string;
    defaultDialCode: string | null;
  } | null;
  customers: { customerId: string; customerName: string; role: string }[];
}

export type UpdateUser = (change: Partial<Me['user']>) => void;

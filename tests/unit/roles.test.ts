import { describe, it, expect } from '@jest/globals';
import { hasLevel, isAdmin, roleLevel } from '@/lib/auth/roles';
import { maxUsers } from '@/lib/companies/max-users';

describe('role gating (spec §6)', () => {
  it('orders the levels user < admin < superAdmin, with the owner as superAdmin', () => {
    expect(roleLevel('owner')).toBe('superAdmin');
    expect(hasLevel('owner', 'superAdmin')).toBe(true);
    expect(hasLevel('superAdmin', 'superAdmin')).toBe(true);
    expect(hasLevel('admin', 'superAdmin')).toBe(false);
    expect(hasLevel('admin', 'admin')).toBe(true);
    expect(hasLevel('user', 'admin')).toBe(false);
    expect(hasLevel('user', 'user')).toBe(true);
  });

  it('counts admin, superAdmin and owner as admins, and no one else', () => {
    expect(['owner', 'superAdmin', 'admin'].every((role) => isAdmin(role as never))).toBe(true);
    expect(['teamadmin', 'billing', 'user'].some((role) => isAdmin(role as never))).toBe(false);
  });
});

describe('seats', () => {
  it('allows 5 users on the free plan whatever the seats say, and included plus extra seats on paying plans', () => {
    expect(maxUsers({ plan: 'free', includedSeats: 50, extraSeats: 10 })).toBe(5);
    expect(maxUsers({ plan: 'professional', includedSeats: 25, extraSeats: 5 })).toBe(30);
    expect(maxUsers({ plan: 'enterprise', includedSeats: 100, extraSeats: 0 })).toBe(100);
  });
});

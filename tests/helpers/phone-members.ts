import type { PrismaClient } from '@/lib/generated/prisma/client';

/**
 * `count` new members of the company in bulk SQL (thousands in a second), each reachable on every channel: a phone number
 * (+4791000001, +4791000002, ...: once per database, numbers are unique) and an android phone with the push token
 * `token-<userId>`. For volume tests and benchmarks of alert delivery.
 */
export async function insertPhoneMembers(db: PrismaClient, companyId: string, count: number): Promise<void> {
  await db.$executeRaw`
    WITH people AS (
      INSERT INTO "User" (id, email, name, phone, "updatedAt")
      SELECT gen_random_uuid(), 'phone-member-' || n || '@example.test', 'Person ' || lpad(n::text, 6, '0'), '+4791' || lpad(n::text, 6, '0'), now()
      FROM generate_series(1, ${count}::int) n
      RETURNING id
    ), members AS (
      INSERT INTO "Membership" (id, "companyId", "userId", role, "updatedAt")
      SELECT gen_random_uuid(), ${companyId}::uuid, id, 'user', now() FROM people
    )
    INSERT INTO "Device" (id, "userId", name, platform, "pushToken", "updatedAt")
    SELECT gen_random_uuid(), id, 'Phone', 'android', 'token-' || id, now() FROM people`;
}

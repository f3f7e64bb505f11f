import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import type { DbClient } from '@/lib/db';
import { scimError } from './scim-error';
import { isRowId } from './scim-query';
import { scimMemberSelect } from './scim-user';

/** A managed member of the company by SCIM id (active or not); 404 for any other id, another company's included. */
export async function findScimUser(client: DbClient, ctx: DirectoryCtx, id: string) {
  const row = isRowId(id)
    ? await client.membership.findFirst({
        where: { companyId: ctx.company.id, userId: id, managed: true },
        select: { id: true, companyId: true, ...scimMemberSelect },
      })
    : null;
  if (!row) throw scimError(404, null, `User ${id} not found`);
  return row;
}

/** The company's default country, where a mobile number without a dial code belongs. */
export async function defaultCountryOf(client: DbClient, ctx: DirectoryCtx): Promise<string> {
  const { defaultCountry } = await client.company.findUniqueOrThrow({
    where: { id: ctx.company.id },
    select: { defaultCountry: true },
  });
  return defaultCountry;
}

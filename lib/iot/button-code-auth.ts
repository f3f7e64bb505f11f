import { ApiError } from '@/lib/api-error';
import { companySuspended } from '@/lib/auth/resolve-membership';
import type { CompanyContext, PublicCtx } from '@/lib/context';
import { type AuthKind, productFailure } from '@/lib/http-parts/auth-kind';
import { hashIotCode } from './iot-code';

/** A request of a Flic button (POST /api/iot/events): the button its `code` header names, and the button's company. */
export interface ButtonCtx extends PublicCtx {
  button: { id: string; company: CompanyContext };
}

/** 400 `iotHeadersMissing`: the hub sends both headers with every press (docs/flic.md). */
export const iotHeadersMissing = () =>
  ApiError.badRequest('The action and code headers are required').with({ code: 'iotHeadersMissing' });

/**
 * `auth: 'buttonCode'`: the button whose code (stored as its SHA-256 only) the `code` header carries, in a live
 * company: 400 without the header, 404 for a code no button has, the same for every such code. The product's
 * failure body; the hub reads only the status.
 */
export const buttonCodeAuth: AuthKind<ButtonCtx> = {
  async authenticate({ request, base }) {
    const code = request.headers.get('code')?.trim();
    if (!code) throw iotHeadersMissing();
    const button = await base.db.iotDevice.findFirst({
      where: { codeHash: hashIotCode(code), company: { deletedAt: null } },
      select: {
        id: true,
        company: { select: { id: true, name: true, plan: true, features: true, suspendedAt: true } },
      },
    });
    if (!button) throw ApiError.notFound('The IoT device');
    const { suspendedAt, ...company } = button.company;
    if (suspendedAt) throw companySuspended();
    return { ctx: { ...base, button: { id: button.id, company } } };
  },
  fail: productFailure,
  document: {
    access: () => "A Flic button's code in the `code` header (docs/flic.md); no session.",
    noBearer: true,
    refusals: { '403': { $ref: '#/components/responses/Error' } },
  },
};

import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { testChannel, testChannelBody } from '@/lib/operators/test-channel';

export const POST = route(
  {
    auth: 'operator',
    body: testChannelBody,
    status: 201,
    throttled: true,
    summary: "Send one test SMS, call, e-mail or push now; the answer is the provider's own",
  },
  testChannel,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });

import { Reply, route } from '@/lib/http/route';
import { signUp, signUpBody } from '@/lib/signup/sign-up';

export const POST = route({ auth: 'none', summary: 'Sign up a company and its first admin', body: signUpBody }, async (ctx, input) => new Reply(await signUp(ctx, input), 201));

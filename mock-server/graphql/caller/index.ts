/** The caller's type family (upstream's MeResolver): `me`, the caller's user and platform privileges (me.ts). */
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { me } from './me.js';

export const callerFamily: ResolverFamily = (viewOf) => ({
  Query: {
    me: ((_root, _args, ctx) => me(ctx, viewOf(ctx))) satisfies Resolver<Record<string, never>>,
  },
});

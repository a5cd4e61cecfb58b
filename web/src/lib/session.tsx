// Who is signed in (GET /auth/me), shared by every page. What they may do is the service's answer (`me.can`, and
// an engagement's `myActions`): the console decides no right of its own.
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';

export type Me = Schemas['Me'];
export type Role = Me['role'];

export const meKey = ['me'] as const;

export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: () => call(api.GET('/api/v1/auth/me')),
    retry: false,
    staleTime: 30_000,
  });
}

/** Why a VIEWER sees an action disabled (shown next to it). */
export const VIEWER_REASON = 'You are a viewer: you can read everything but change nothing.';

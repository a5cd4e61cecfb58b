// The "Waiting for me" list and count, shared by the navigation and its page; live updates refresh it.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';

export const inboxKey = ['inbox'] as const;

export function useInbox(enabled = true) {
  return useQuery({
    queryKey: inboxKey,
    queryFn: () => call(api.GET('/api/v1/inbox')),
    enabled,
    refetchInterval: 60_000,
  });
}

// Live updates: the firm's Server-Sent Events stream (GET /api/v1/events/stream) invalidates the
// affected queries, so pages change without a reload. If the stream drops, the browser reconnects by
// itself (resuming with Last-Event-ID); while it is down, the returned flag turns polling on.
import { ENGAGEMENT_EVENT_TYPES } from '../../../src/contract/events';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

export function useLiveEvents(engagementId?: string): { live: boolean } {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const url = `/api/v1/events/stream${engagementId ? `?engagementId=${encodeURIComponent(engagementId)}` : ''}`;
    const source = new EventSource(url, { withCredentials: true });
    const onEvent = (e: MessageEvent<string>) => {
      let id: string | undefined;
      try {
        id = (JSON.parse(e.data) as { data?: { engagement?: { id?: string }; engagementId?: string } }).data?.engagement
          ?.id;
      } catch {
        id = undefined;
      }
      void client.invalidateQueries({ queryKey: ['engagements'] });
      void client.invalidateQueries({ queryKey: ['inbox'] });
      void client.invalidateQueries({ queryKey: ['notifications'] });
      if (id) void client.invalidateQueries({ queryKey: ['engagement', id] });
      else void client.invalidateQueries({ queryKey: ['engagement'] });
    };
    for (const t of ENGAGEMENT_EVENT_TYPES) source.addEventListener(t, onEvent as EventListener);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    return () => {
      source.close();
      setLive(false);
    };
  }, [engagementId, client]);
  return { live };
}

/** Polling interval for queries while the live stream is down. */
export const pollWhenDown = (live: boolean) => (live ? false : 4000);

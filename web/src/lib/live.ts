// Live updates: the firm's Server-Sent Events stream (GET /api/v1/events/stream) invalidates the
// affected queries, so pages change without a reload. One stream per page, opened by the signed-in frame
// (Layout), so the bell and the "Waiting for me" count keep up on every page; pages read whether it is up.
// If the stream drops, the browser reconnects by itself (resuming with Last-Event-ID); while it is down,
// the flag turns polling on.
import { CONSOLE_EVENT_TYPES, ENGAGEMENT_EVENT_TYPES } from '../../../src/contract/events';
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';

let up = false;
const watchers = new Set<() => void>();
const setUp = (v: boolean) => {
  up = v;
  watchers.forEach((w) => w());
};
const watch = (w: () => void) => {
  watchers.add(w);
  return () => watchers.delete(w);
};

/** Opens the firm's stream for as long as the signed-in frame is shown (Layout). */
export function useLiveStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/events/stream', { withCredentials: true });
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
      void client.invalidateQueries({ queryKey: ['payments'] });
      if (id) void client.invalidateQueries({ queryKey: ['engagement', id] });
      else void client.invalidateQueries({ queryKey: ['engagement'] });
    };
    for (const t of [...ENGAGEMENT_EVENT_TYPES, ...CONSOLE_EVENT_TYPES])
      source.addEventListener(t, onEvent as EventListener);
    source.onopen = () => setUp(true);
    source.onerror = () => setUp(false);
    return () => {
      source.close();
      setUp(false);
    };
  }, [client]);
}

/** Whether the frame's stream is up (the page polls while it is not). */
export function useLiveEvents(_engagementId?: string): { live: boolean } {
  return { live: useSyncExternalStore(watch, () => up) };
}

/** Polling interval for queries while the live stream is down. */
export const pollWhenDown = (live: boolean) => (live ? false : 4000);

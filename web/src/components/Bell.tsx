// The bell: the signed-in person's notices (the same as the e-mails, kept whether or not they are e-mailed),
// the unread count beside it, refreshed by every engagement event of the live stream (web/src/lib/live.ts).
import { Anchor, Badge, Button, Popover, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, call } from '../api/client';

export const notificationsKey = ['notifications'] as const;

export function Bell() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: notificationsKey,
    queryFn: () => call(api.GET('/api/v1/notifications', { params: { query: { limit: 20 } } })),
    refetchInterval: 60_000,
  });
  const read = useMutation({
    mutationFn: (ids?: string[]) => call(api.POST('/api/v1/notifications/read', { body: ids ? { ids } : {} })),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
  const unread = list.data?.unread ?? 0;
  return (
    <Popover width={340} position="bottom-end" shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          px={8}
          data-testid="bell"
          title={`${unread} unread`}
          style={{ flexShrink: 0 }}
        >
          Notices
          <Badge
            ml={6}
            size="sm"
            color={unread > 0 ? 'red.8' : 'gray.6'}
            data-testid="bell-count"
            // Whether the count is the service's answer yet, not the placeholder nil shown while it loads.
            data-loaded={list.isSuccess ? 'true' : 'false'}
          >
            {unread}
          </Badge>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {(list.data?.items ?? []).length === 0 && (
            <Text size="sm" c="gray.7">
              Nothing yet.
            </Text>
          )}
          {list.data?.items.map((n) => (
            <Anchor
              key={n.id}
              component={Link}
              to={`/engagements/${n.engagementId}`}
              size="sm"
              fw={n.read ? 400 : 700}
              c="indigo.9"
              onClick={() => !n.read && read.mutate([n.id])}
            >
              {n.title}
            </Anchor>
          ))}
          {unread > 0 && (
            <Button size="xs" variant="default" onClick={() => read.mutate(undefined)} loading={read.isPending}>
              Mark all read
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

// The signed-in frame: header with the firm, the person and navigation; redirects to /login without a session.
import { Busy } from './Busy';
import { AppShell, Anchor, Badge, Burger, Center, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ApiError } from '../api/client';
import { useMe } from '../lib/session';
import { useInbox } from '../lib/inbox';
import { Bell } from './Bell';
import { useLiveStream } from '../lib/live';
import { ROLE_LABELS } from '../../../src/contract/roles';

const NAV = [
  { to: '/engagements', label: 'Engagements' },
  { to: '/inbox', label: 'Waiting for me', person: true },
  { to: '/payments', label: 'Payments' },
  { to: '/team', label: 'Team' },
  { to: '/settings/api-tokens', label: 'API tokens', admin: true },
  { to: '/settings/webhooks', label: 'Webhooks', admin: true },
  { to: '/settings/firm', label: 'Firm', admin: true },
  { to: '/profile', label: 'Profile' },
  { to: '/verify', label: 'Verify a report' },
];

/** The count beside "Waiting for me", refreshed by every engagement event (web/src/lib/live.ts). */
function InboxCount() {
  const inbox = useInbox();
  const n = inbox.data?.count ?? 0;
  return (
    <Badge ml={6} size="sm" color={n > 0 ? 'indigo.8' : 'gray.6'} data-testid="inbox-count" aria-label={`${n} waiting`}>
      {n}
    </Badge>
  );
}

export function Layout() {
  const me = useMe();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  useLiveStream();
  if (me.isPending)
    return (
      <Center h="100vh">
        <Busy label="Loading" />
      </Center>
    );
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
    }
    return (
      <Center h="100vh">
        <Text c="red.8" role="alert">
          {me.error.message}
        </Text>
      </Center>
    );
  }
  const user = me.data;
  const shown = NAV.filter((n) => (!n.admin || user.can.manageTeam) && (!('person' in n) || user.can.useInbox));
  const link = (n: (typeof NAV)[number]) => (
    <Anchor
      key={n.to}
      component={NavLink}
      to={n.to}
      onClick={close}
      fw={location.pathname.startsWith(n.to) ? 700 : 400}
      c="indigo.9"
      style={{ whiteSpace: 'nowrap' }}
    >
      {n.label}
      {n.to === '/inbox' && <InboxCount />}
    </Anchor>
  );
  const links = shown.map(link);
  // On a laptop's 1366 px the header keeps one line: the firm's settings sit behind one "Settings" entry.
  const settings = shown.filter((n) => n.admin);
  const desktopLinks = [
    ...shown.filter((n) => !n.admin && n.to !== '/profile' && n.to !== '/verify').map(link),
    ...(settings.length > 0
      ? [
          <SettingsMenu
            key="settings"
            links={settings.map(link)}
            active={settings.some((n) => location.pathname.startsWith(n.to))}
          />,
        ]
      : []),
    ...shown.filter((n) => n.to === '/profile' || n.to === '/verify').map(link),
  ];
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'lg', collapsed: { desktop: true, mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label="Open navigation" />
            <Anchor
              component={Link}
              to="/engagements"
              fw={800}
              c="indigo.9"
              underline="never"
              style={{ whiteSpace: 'nowrap' }}
            >
              ₹ Valuation Service
            </Anchor>
            <Group gap="md" visibleFrom="lg" component="nav" aria-label="Main" wrap="nowrap">
              {desktopLinks}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {user.kind === 'user' && <Bell />}
            <Text size="sm" visibleFrom="xs" truncate maw={180}>
              {user.user?.name ?? user.token?.name} · {user.firm.legalName ?? user.firm.name}
            </Text>
            <Badge color="gray.9" tt="none" style={{ flexShrink: 0 }} visibleFrom="sm">
              {ROLE_LABELS[user.role]}
            </Badge>
            <Anchor component={Link} to="/logout" size="sm" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
              Log out
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" component="nav" aria-label="Main (mobile)">
        {/* Only while open: a collapsed menu's links would take the keyboard's focus off the screen. */}
        {opened ? (
          <Stack>
            {links}
            {/* The header's own actions, which a phone's header has no room for: who is signed in, and log out. */}
            <Text size="sm" c="gray.8" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              {user.user?.name ?? user.token?.name} · {user.firm.legalName ?? user.firm.name} · {ROLE_LABELS[user.role]}
            </Text>
            <Anchor component={Link} to="/logout" onClick={close} c="indigo.9">
              Log out
            </Anchor>
          </Stack>
        ) : null}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** The firm's settings (API tokens, webhooks, firm) behind one entry of the header. */
function SettingsMenu({ links, active }: { links: React.ReactNode[]; active: boolean }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onChange={(o) => (o ? undefined : close())} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton
          onClick={toggle}
          aria-expanded={opened}
          c="indigo.9"
          fw={active ? 700 : 400}
          style={{ whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-md)' }}
        >
          Settings ▾
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown onClick={close}>
        <Stack gap="xs">{links}</Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

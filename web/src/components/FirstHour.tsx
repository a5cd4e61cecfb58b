// A firm's first hour (docs/decisions.md, A firm's first hour): after sign-up an administrator sees what is set
// up and what is left, each step a link to the page where it is done. Worked out from what the API already
// gives (the firm's profile, the administrator's own registrations, the signing certificate, the team, the
// engagements), so it is never out of step with the pages it points to; it goes away once every step is done.
import { Anchor, Badge, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, call } from '../api/client';
import { useMe } from '../lib/session';

interface Step {
  key: string;
  label: string;
  hint: string;
  to?: string;
  onClick?: () => void;
  done: boolean;
}

export function FirstHour({ engagements, onNewEngagement }: { engagements: number; onNewEngagement: () => void }) {
  const { data: me } = useMe();
  const admin = me?.kind === 'user' && me.can.editFirmProfile;
  const firm = useQuery({
    queryKey: ['firm-profile'],
    queryFn: () => call(api.GET('/api/v1/settings/firm')),
    enabled: admin,
  });
  const certificate = useQuery({
    queryKey: ['firm-signing-certificate'],
    queryFn: () => call(api.GET('/api/v1/settings/firm/signing-certificate')),
    enabled: admin,
  });
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => call(api.GET('/api/v1/team', { params: { query: { limit: 200 } } })),
    enabled: admin,
  });
  if (!admin || !firm.data || !certificate.data || !team.data) return null;
  const f = firm.data;
  const steps: Step[] = [
    {
      key: 'firm',
      label: 'Firm profile',
      hint: 'Legal name, address, GSTIN and the ICAI Firm Registration Number, as the reports and invoices print them',
      to: '/settings/firm',
      done: !f.demo && !!(f.legalName && f.address && f.gstin && f.icaiFirmRegistrationNumber),
    },
    {
      key: 'registrations',
      label: 'Your registrations',
      hint: 'Your ICAI membership, IBBI registration (with its asset class) or SEBI merchant-banker number: who may sign depends on them',
      to: '/profile',
      done: (me.profile?.registrations?.length ?? 0) > 0,
    },
    {
      key: 'certificate',
      label: 'The firm’s signing certificate',
      hint: 'Upload the firm’s own (PKCS#12), or one is issued with the first signed report',
      to: '/settings/firm',
      done: certificate.data.source !== 'NONE',
    },
    {
      key: 'team',
      label: 'Invite the team',
      hint: 'Valuers, an independent reviewer for Gate 2 and the partners who sign',
      to: '/team',
      done: team.data.length > 1,
    },
    {
      key: 'engagement',
      label: 'The first engagement',
      hint: 'The company, the statute and the valuation date; the financials follow',
      onClick: onNewEngagement,
      done: engagements > 0,
    },
  ];
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="first-hour" role="region" aria-label="Getting started">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>Getting started</Text>
          <Text size="sm" c="gray.7" data-testid="first-hour-count">
            {done} of {steps.length} done
          </Text>
        </Group>
        <Progress value={(done / steps.length) * 100} size="sm" aria-hidden />
        <List spacing={6} listStyleType="none" ml={0}>
          {steps.map((s) => (
            <List.Item key={s.key} data-testid={`first-hour-${s.key}`}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge color={s.done ? 'green' : 'gray'} variant={s.done ? 'filled' : 'outline'} w={64}>
                  {s.done ? 'Done' : 'To do'}
                </Badge>
                <div>
                  {s.to ? (
                    <Anchor component={Link} to={s.to} fw={600} size="sm">
                      {s.label}
                    </Anchor>
                  ) : (
                    <Anchor component="button" type="button" onClick={s.onClick} fw={600} size="sm">
                      {s.label}
                    </Anchor>
                  )}
                  <Text size="xs" c="gray.7">
                    {s.hint}
                  </Text>
                </div>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

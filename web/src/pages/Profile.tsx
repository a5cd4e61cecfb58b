// A person's own profile (name, designation, registrations) and which e-mails they get: what a FINAL
// report's signature block prints, and what decides who may sign off GATE_3. The firm's profile: FirmSettings.tsx.
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationKind } from '../../../src/contract/notifications';
import { api, call } from '../api/client';
import { meKey, useMe } from '../lib/session';
import { FormError } from '../components/FormError';
import { ProfileEditor } from '../components/profile/ProfileEditor';
import { PageTitle } from '../components/PageTitle';

export function ProfilePage() {
  const { data: me } = useMe();
  if (!me) return null;
  if (me.kind !== 'user' || !me.profile) return <Text>API tokens have no profile.</Text>;
  return (
    <Stack maw={760}>
      <PageTitle>Your profile</PageTitle>
      <Text size="sm">
        Your name, designation and registrations print in the signature block of every FINAL report you sign off. The
        statute decides which registration sign-off needs: a registered valuer (Securities or Financial Assets) for
        Companies Act s.62 and IBC; a SEBI merchant banker for a Rule 11UA DCF; a chartered accountant, merchant banker
        or practising cost accountant (ICMAI) for FEMA.
      </Text>
      <ProfileEditor
        initial={{
          name: me.profile.name,
          designation: me.profile.designation ?? '',
          registrations: me.profile.registrations,
        }}
      />
      <MailSwitches preferences={me.profile.notificationPreferences} />
    </Stack>
  );
}

/** A switch per kind of e-mail; each change is saved at once. */
function MailSwitches({ preferences }: { preferences: Record<NotificationKind, boolean> }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationKind, boolean>>) =>
      call(api.PATCH('/api/v1/auth/me', { body: { notificationPreferences: change } })),
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          E-mails
        </Title>
        <Text size="sm" c="gray.7">
          Which e-mails you receive about the firm's work. Each links to the engagement it is about.
        </Text>
        {NOTIFICATION_KINDS.map((k) => (
          <Switch
            key={k}
            label={NOTIFICATION_LABELS[k]}
            checked={preferences[k]}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ [k]: e.currentTarget.checked })}
            data-testid={`mail-${k}`}
          />
        ))}
        <FormError error={save.error} title="Not saved" />
      </Stack>
    </Paper>
  );
}

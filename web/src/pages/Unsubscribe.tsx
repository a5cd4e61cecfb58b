// The page an e-mail's "Stop these e-mails with one click" link opens (docs/decisions.md, E-mail notifications):
// opening it switches that kind of e-mail off at once (the one click) and says which; the profile switches it on.
import { useEffect } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api, call } from '../api/client';

export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const off = useMutation({
    mutationFn: () => call(api.POST('/api/v1/notifications/unsubscribe', { params: { query: { token } } })),
  });
  const { mutate } = off;
  useEffect(() => mutate(), [mutate]);
  return (
    <Container size={420} py="xl">
      <Title order={1} size="h2" mb="md">
        E-mail settings
      </Title>
      {off.isSuccess ? (
        <Stack>
          <Text role="status" data-testid="unsubscribed" style={{ overflowWrap: 'anywhere' }}>
            {off.data.email} will no longer receive e-mails about: {off.data.label.toLowerCase()}.
          </Text>
          <Text size="sm">
            The notices stay in the console&apos;s bell. You can switch the e-mails on in your profile.
          </Text>
          <Anchor component={Link} to="/profile" size="sm">
            Open my profile
          </Anchor>
        </Stack>
      ) : off.isError ? (
        <Text role="alert" c="red.8">
          {off.error.message}
        </Text>
      ) : (
        <Text role="status">Switching these e-mails off…</Text>
      )}
    </Container>
  );
}

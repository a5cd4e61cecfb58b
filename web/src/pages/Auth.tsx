// Sign in, sign up, accept an invitation, sign out. Forms validate with the API's own schemas.
import { useEffect } from 'react';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { sentenceResolver } from '../lib/messages';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { acceptInviteBody, loginBody, signupBody } from '../../../src/contract/auth-forms';
import { api, ApiError, call } from '../api/client';
import { meKey } from '../lib/session';
import { FormError, applyFieldErrors } from '../components/FormError';
import { PageTitle } from '../components/PageTitle';

export function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Text fw={800} c="indigo.9">
            ₹ Valuation Service
          </Text>
          <PageTitle>{title}</PageTitle>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

function useSignedIn() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async () => {
    await client.resetQueries();
    await client.invalidateQueries({ queryKey: meKey });
    const next = params.get('next');
    navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/engagements', { replace: true });
  };
}

/** The account is slowed by failed logins from several addresses: this browser can be made known by e-mail. */
const heldAccountWide = (error: unknown) =>
  error instanceof ApiError && error.code === 'rate_limited' && /from several addresses/.test(error.message);

export function LoginPage() {
  const form = useForm<z.input<typeof loginBody>>({ resolver: sentenceResolver(loginBody), mode: 'onTouched' });
  const signedIn = useSignedIn();
  const login = useMutation({
    mutationFn: (body: z.output<typeof loginBody>) => call(api.POST('/api/v1/auth/login', { body })),
    onSuccess: signedIn,
  });
  const askLink = useMutation({
    mutationFn: (email: string) => call(api.POST('/api/v1/auth/known-browser-link', { body: { email } })),
  });
  return (
    <Frame title="Sign in">
      <form onSubmit={form.handleSubmit((v) => login.mutate(v))} noValidate>
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <FormError error={login.error} title="Could not sign in" />
          {heldAccountWide(login.error) && !askLink.isSuccess && (
            <Stack gap={4}>
              <Text size="sm">
                Many wrong passwords have been tried on this account from elsewhere. We can e-mail you a link that lets
                this browser sign in at once.
              </Text>
              <Button
                variant="light"
                loading={askLink.isPending}
                onClick={() => askLink.mutate(form.getValues('email'))}
              >
                E-mail me a link for this browser
              </Button>
              <FormError error={askLink.error} title="Could not send the link" />
            </Stack>
          )}
          {askLink.isSuccess && (
            <Text size="sm" role="status" data-testid="link-sent">
              If {form.getValues('email')} has an account, a link is on its way. Open it in this browser, then sign in
              with your password.
            </Text>
          )}
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
          <Text size="sm">
            New firm?{' '}
            <Anchor component={Link} to="/signup">
              Create an account
            </Anchor>{' '}
            ·{' '}
            <Anchor component={Link} to="/verify">
              Verify a report
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Frame>
  );
}

export function SignupPage() {
  const form = useForm<z.input<typeof signupBody>>({ resolver: sentenceResolver(signupBody), mode: 'onTouched' });
  const signedIn = useSignedIn();
  const signup = useMutation({
    mutationFn: (body: z.output<typeof signupBody>) => call(api.POST('/api/v1/auth/signup', { body })),
    onSuccess: signedIn,
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  const err = form.formState.errors;
  return (
    <Frame title="Create your firm's account">
      <form onSubmit={form.handleSubmit((v) => signup.mutate(v))} noValidate>
        <Stack>
          <TextInput label="Firm name" {...form.register('firmName')} error={err.firmName?.message} />
          <TextInput label="Your name" autoComplete="name" {...form.register('name')} error={err.name?.message} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            {...form.register('email')}
            error={err.email?.message}
          />
          <PasswordInput
            label="Password"
            description="At least 12 characters"
            autoComplete="new-password"
            {...form.register('password')}
            error={err.password?.message}
          />
          <FormError
            error={signup.error}
            title="Could not create the account"
            fieldsShown={['firmName', 'name', 'email', 'password']}
          />
          <Button type="submit" loading={signup.isPending}>
            Create account
          </Button>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Frame>
  );
}

const ROLE_WORDS: Record<string, string> = {
  ADMIN: 'an administrator',
  VALUER: 'a valuer',
  VIEWER: 'a viewer',
};

export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const form = useForm<z.input<typeof acceptInviteBody>>({
    resolver: sentenceResolver(acceptInviteBody),
    mode: 'onTouched',
    defaultValues: { token: params.get('token') ?? '' },
  });
  const signedIn = useSignedIn();
  // What the invitation is for, before choosing a password: the firm and the role.
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => call(api.POST('/api/v1/auth/invitation-preview', { body: { token } })),
    enabled: token !== '',
    retry: false,
  });
  const accept = useMutation({
    mutationFn: (body: z.output<typeof acceptInviteBody>) => call(api.POST('/api/v1/auth/accept-invite', { body })),
    onSuccess: signedIn,
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  // A link that can no longer be used says so in one sentence, with no password form to fill in vain.
  if (preview.error) {
    return (
      <Frame title="Join your firm">
        <Text role="alert" data-testid="invitation-dead">
          {deadInvitationSentence(preview.error)}
        </Text>
        <Text size="sm">
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>{' '}
          if you already have an account.
        </Text>
      </Frame>
    );
  }
  return (
    <Frame title="Join your firm">
      <form onSubmit={form.handleSubmit((v) => accept.mutate(v))} noValidate>
        <Stack>
          {preview.data && (
            <Text size="sm" data-testid="invitation-for">
              {preview.data.name}, you are invited to join <b>{preview.data.firm}</b> as {ROLE_WORDS[preview.data.role]}
              .
            </Text>
          )}
          <Text size="sm">Choose a password to accept the invitation.</Text>
          <input type="hidden" {...form.register('token')} />
          {form.formState.errors.token && (
            <Text c="red.8" size="sm" role="alert">
              The invitation link is incomplete: {form.formState.errors.token.message}
            </Text>
          )}
          <PasswordInput
            label="Password"
            description="At least 12 characters"
            autoComplete="new-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <FormError error={accept.error} title="Could not accept the invitation" fieldsShown={['name', 'password']} />
          <Button type="submit" loading={accept.isPending}>
            Accept and sign in
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}

/** One sentence for an invitation link that cannot be used: replaced, accepted, expired or never valid. */
function deadInvitationSentence(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'invitation_used') return 'This invitation has already been accepted: sign in instead.';
  if (code === 'invitation_expired')
    return 'This invitation link has expired: ask the person who invited you to send it again.';
  return 'This invitation link no longer works: it was replaced by a newer one or is incomplete. Use the latest link you were sent, or ask for a new one.';
}

/** An e-mailed link opened: one click makes this browser known to the account (no session; sign in next). */
export function KnownBrowserPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => call(api.POST('/api/v1/auth/known-browser', { body: { token } })) });
  return (
    <Frame title="Recognise this browser">
      {confirm.isSuccess ? (
        <Stack>
          <Text role="status" data-testid="browser-known">
            This browser is now recognised for your account. Sign in with your password as usual.
          </Text>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            Recognising this browser lets it sign in to your account while wrong passwords are being tried on it from
            elsewhere. Your password is still needed.
          </Text>
          {token === '' && (
            <Text c="red.8" size="sm" role="alert">
              The link is incomplete: open it from the e-mail again.
            </Text>
          )}
          <FormError error={confirm.error} title="This link cannot be used" />
          <Button disabled={token === ''} loading={confirm.isPending} onClick={() => confirm.mutate()}>
            Recognise this browser
          </Button>
        </Stack>
      )}
    </Frame>
  );
}

export function LogoutPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    void call(api.POST('/api/v1/auth/logout'))
      .catch(() => undefined)
      .finally(() => {
        client.clear();
        navigate('/login', { replace: true });
      });
  }, [client, navigate]);
  return (
    <Frame title="Signing out…">
      <Text>One moment.</Text>
    </Frame>
  );
}

// "Forgot password" and the page its e-mailed link opens (docs/decisions.md, Password resets). The request is
// answered the same whether or not the address has an account, and the page says so in those words.
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { forgotPasswordBody, resetPasswordBody } from '../../../src/contract/auth-forms';
import { api, call } from '../api/client';
import { sentenceResolver } from '../lib/messages';
import { FormError, applyFieldErrors } from '../components/FormError';
import { Frame } from './Auth';

/** The minutes a mailed link works (src/services/password-resets.ts). */
const LINK_MINUTES = 30;

export function ForgotPasswordPage() {
  const form = useForm<z.input<typeof forgotPasswordBody>>({
    resolver: sentenceResolver(forgotPasswordBody),
    mode: 'onTouched',
  });
  const ask = useMutation({
    mutationFn: (body: z.output<typeof forgotPasswordBody>) => call(api.POST('/api/v1/auth/forgot-password', { body })),
  });
  return (
    <Frame title="Forgot your password?">
      {ask.isSuccess ? (
        <Stack>
          <Text role="status" data-testid="reset-sent" style={{ overflowWrap: 'anywhere' }}>
            If {ask.variables.email} has an account, a link to choose a new password is on its way. It works once, for{' '}
            {LINK_MINUTES} minutes.
          </Text>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={form.handleSubmit((v) => ask.mutate(v))} noValidate>
          <Stack>
            <Text size="sm">Give the e-mail you sign in with. We will send it a link to choose a new password.</Text>
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="username"
              {...form.register('email')}
              error={form.formState.errors.email?.message}
            />
            <FormError error={ask.error} title="Could not send the link" />
            <Button type="submit" loading={ask.isPending}>
              E-mail me a link
            </Button>
            <Anchor component={Link} to="/login" size="sm">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </Frame>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const form = useForm<z.input<typeof resetPasswordBody>>({
    resolver: sentenceResolver(resetPasswordBody),
    mode: 'onTouched',
    defaultValues: { token: params.get('token') ?? '' },
  });
  const reset = useMutation({
    mutationFn: (body: z.output<typeof resetPasswordBody>) => call(api.POST('/api/v1/auth/reset-password', { body })),
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  return (
    <Frame title="Choose a new password">
      {reset.isSuccess ? (
        <Stack>
          <Text role="status" data-testid="password-changed">
            Your password has been changed, and every browser signed in to your account has been signed out. Sign in
            with the new password.
          </Text>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.handleSubmit((v) => reset.mutate(v))} noValidate>
          <Stack>
            <input type="hidden" {...form.register('token')} />
            {form.formState.errors.token && (
              <Text c="red.8" size="sm" role="alert">
                The link is incomplete: open it from the e-mail again.
              </Text>
            )}
            <PasswordInput
              label="New password"
              description="At least 12 characters"
              autoComplete="new-password"
              {...form.register('password')}
              error={form.formState.errors.password?.message}
            />
            <FormError error={reset.error} title="Could not change the password" fieldsShown={['password']} />
            <Button type="submit" loading={reset.isPending}>
              Change the password
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm">
              Ask for a new link
            </Anchor>
          </Stack>
        </form>
      )}
    </Frame>
  );
}

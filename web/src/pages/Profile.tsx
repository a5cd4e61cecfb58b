// A person's own profile (name, designation, registrations) and the firm's profile (ADMIN): what a
// FINAL report's signature block prints, and what decides who may sign off GATE_3.
import { ActionIcon, Alert, Anchor, Button, FileInput, Group, Paper, PasswordInput, Select, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { sentenceResolver } from '../lib/messages';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSET_CLASSES, firmPatchBody, profilePatchBody } from '../../../src/contract/registrations';
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationKind } from '../../../src/contract/notifications';
import { api, call } from '../api/client';
import { atLeast, meKey, useMe } from '../lib/session';
import { FormError, applyFieldErrors } from '../components/FormError';

type ProfileForm = z.input<typeof profilePatchBody>;
const TYPES = [
  { value: 'IBBI_RV', label: 'IBBI registered valuer' },
  { value: 'SEBI_MERCHANT_BANKER', label: 'SEBI merchant banker' },
  { value: 'ICAI_MEMBERSHIP', label: 'ICAI membership (chartered accountant)' },
  { value: 'ICMAI_MEMBERSHIP', label: 'ICMAI membership (cost accountant)' },
];
const ASSET_LABELS: Record<string, string> = {
  SECURITIES_OR_FINANCIAL_ASSETS: 'Securities or financial assets', LAND_AND_BUILDING: 'Land and building', PLANT_AND_MACHINERY: 'Plant and machinery',
};
const EXAMPLES: Record<string, string> = { IBBI_RV: 'IBBI/RV/03/2019/12345', SEBI_MERCHANT_BANKER: 'INM000012345', ICAI_MEMBERSHIP: '123456', ICMAI_MEMBERSHIP: '12345' };

export function ProfilePage() {
  const { data: me } = useMe();
  if (!me) return null;
  if (me.kind !== 'user' || !me.profile) return <Text>API tokens have no profile.</Text>;
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">Your profile</Title>
      <Text size="sm">Your name, designation and registrations print in the signature block of every FINAL report you sign off. The statute decides which registration sign-off needs: a registered valuer (Securities or Financial Assets) for Companies Act s.62 and IBC; a SEBI merchant banker for a Rule 11UA DCF; a chartered accountant, merchant banker or practising cost accountant (ICMAI) for FEMA.</Text>
      <ProfileEditor initial={{ name: me.profile.name, designation: me.profile.designation ?? '', registrations: me.profile.registrations }} />
      <MailSwitches preferences={me.profile.notificationPreferences} />
    </Stack>
  );
}

/** A switch per kind of e-mail; each change is saved at once. */
function MailSwitches({ preferences }: { preferences: Record<NotificationKind, boolean> }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationKind, boolean>>) => call(api.PATCH('/api/v1/auth/me', { body: { notificationPreferences: change } })),
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">E-mails</Title>
        <Text size="sm" c="gray.7">Which e-mails you receive about the firm's work. Each links to the engagement it is about.</Text>
        {NOTIFICATION_KINDS.map((k) => (
          <Switch key={k} label={NOTIFICATION_LABELS[k]} checked={preferences[k]} disabled={save.isPending}
            onChange={(e) => save.mutate({ [k]: e.currentTarget.checked })} data-testid={`mail-${k}`} />
        ))}
        <FormError error={save.error} title="Not saved" />
      </Stack>
    </Paper>
  );
}

/** A row's refusals that no visible field shows (the row itself, or a field this type does not have), as sentences. */
function otherRowErrors(row: Record<string, { message?: string }> | undefined): string[] {
  if (!row) return [];
  return Object.entries(row)
    .filter(([key, e]) => !['type', 'number', 'assetClass'].includes(key) && typeof e?.message === 'string')
    .map(([, e]) => e.message!);
}

function ProfileEditor({ initial }: { initial: ProfileForm }) {
  const client = useQueryClient();
  const form = useForm<ProfileForm>({ resolver: sentenceResolver(profilePatchBody), mode: 'onTouched', defaultValues: initial });
  const regs = useFieldArray({ control: form.control, name: 'registrations' as never });
  const save = useMutation({
    mutationFn: (body: z.output<typeof profilePatchBody>) => call(api.PATCH('/api/v1/auth/me', { body: { ...body, designation: body.designation || null } })),
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  const err = form.formState.errors;
  /** A new type for row `i`: the number stays; the asset class and RVO exist only for an IBBI registration. */
  const switchType = (i: number, type: string) => {
    const row = `registrations.${i}` as const;
    form.setValue(`${row}.type` as never, type as never, { shouldDirty: true });
    if (type === 'IBBI_RV') {
      if (!form.getValues(`${row}.assetClass` as never)) form.setValue(`${row}.assetClass` as never, 'SECURITIES_OR_FINANCIAL_ASSETS' as never);
    } else {
      form.unregister([`${row}.assetClass`, `${row}.rvo`] as never);
    }
    form.clearErrors(row as never);
  };
  const regErrors = (i: number) => (err.registrations as unknown as Record<number, Record<string, { message?: string }>> | undefined)?.[i];
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate aria-label="Profile">
      <Stack>
        <Group grow align="start">
          <TextInput label="Display name" {...form.register('name')} error={err.name?.message} />
          <TextInput label="Designation" placeholder="e.g. Partner" {...form.register('designation')} error={err.designation?.message} />
        </Group>
        <Title order={2} size="h4">Registrations</Title>
        {regs.fields.length === 0 && <Text size="sm" c="gray.7">None yet: you cannot sign off (Gate 3) until you add the registration the statute requires.</Text>}
        {regs.fields.map((field, i) => {
          const type = form.watch(`registrations.${i}.type` as never) as unknown as string;
          return (
            <Paper key={field.id} withBorder p="sm" radius="md">
              <Group align="end" wrap="wrap">
                <Controller control={form.control} name={`registrations.${i}.type` as never} render={({ field: f }) => (
                  <Select
                    label="Type"
                    data={TYPES}
                    value={f.value as string}
                    // A new type keeps the number and drops the fields the old type had and this one has not.
                    onChange={(v) => v && switchType(i, v)}
                    allowDeselect={false}
                    error={regErrors(i)?.type?.message}
                    w={330}
                  />
                )} />
                <TextInput label="Number" placeholder={EXAMPLES[type]} {...form.register(`registrations.${i}.number` as never)} error={regErrors(i)?.number?.message} w={220} />
                {type === 'IBBI_RV' && (
                  <>
                    <Controller control={form.control} name={`registrations.${i}.assetClass` as never} render={({ field: f }) => (
                      <Select label="Asset class" data={ASSET_CLASSES.map((a) => ({ value: a, label: ASSET_LABELS[a] }))} value={(f.value as string) ?? null} onChange={(v) => f.onChange(v)} error={regErrors(i)?.assetClass?.message} w={260} />
                    )} />
                    <TextInput label="RVO (optional)" {...form.register(`registrations.${i}.rvo` as never, { setValueAs: (v: string) => v || undefined })} w={220} />
                  </>
                )}
                <ActionIcon variant="subtle" color="red.9" aria-label={`Remove registration ${i + 1}`} onClick={() => regs.remove(i)} size="lg">✕</ActionIcon>
              </Group>
              {otherRowErrors(regErrors(i)).map((m) => (
                <Text key={m} c="red.8" size="sm" role="alert" mt={4}>{m}</Text>
              ))}
            </Paper>
          );
        })}
        <Group>
          <Button variant="default" onClick={() => regs.append({ type: 'IBBI_RV', number: '', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' } as never)}>Add registration</Button>
        </Group>
        <FormError error={save.error} title="Profile not saved" fieldsShown={['name', 'designation', 'registrations']} />
        {save.isSuccess && <Alert color="green" role="status">Profile saved.</Alert>}
        <Group><Button type="submit" loading={save.isPending}>Save profile</Button></Group>
      </Stack>
    </form>
  );
}

/**
 * The demo firm seeded on first start: its registrations are made up and its reports say so. Once the
 * firm's own and each person's real registrations are entered, its ADMIN clears the flag here.
 */
function DemoFlag() {
  const client = useQueryClient();
  const clear = useMutation({
    mutationFn: () => call(api.PATCH('/api/v1/settings/firm', { body: { demo: false } })),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['firm-profile'] }), client.invalidateQueries({ queryKey: meKey })]),
  });
  return (
    <Alert color="yellow" title="Demo firm" data-testid="demo-firm">
      <Stack gap="xs">
        <Text size="sm">This firm's registrations are made up, and its reports say so. Rename it below, enter the firm's real registration here and each person's in their profile, then make it your own.</Text>
        <FormError error={clear.error} title="Still a demo" />
        <Group><Button size="xs" variant="white" color="dark" onClick={() => clear.mutate()} loading={clear.isPending}>Clear the demo flag</Button></Group>
      </Stack>
    </Alert>
  );
}

export function FirmSettingsPage() {
  const { data: me } = useMe();
  const isAdmin = atLeast(me, 'ADMIN') && me?.kind === 'user';
  const firm = useQuery({ queryKey: ['firm-profile'], queryFn: () => call(api.GET('/api/v1/settings/firm')), enabled: isAdmin });
  if (!isAdmin) return <Stack><Title order={1} size="h2">Firm profile</Title><Text>Only an ADMIN can see and change the firm's profile.</Text></Stack>;
  if (!firm.data) return <FormError error={firm.error} />;
  return <Stack gap="xl"><FirmEditor initial={firm.data} /><FirmCertificate /></Stack>;
}

/**
 * The certificate every FINAL is sealed with (a PDF signature any reader checks): the firm's own, uploaded
 * here as PKCS#12 with its password (not stored), or the one the service's CA issued the firm.
 */
function FirmCertificate() {
  const client = useQueryClient();
  const cert = useQuery({ queryKey: ['firm-signing-certificate'], queryFn: () => call(api.GET('/api/v1/settings/firm/signing-certificate')) });
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const upload = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('password', password);
      form.append('file', file!, file!.name);
      return call(api.PUT('/api/v1/settings/firm/signing-certificate', { body: form as never }));
    },
    onSuccess: async () => {
      setFile(null);
      setPassword('');
      await client.invalidateQueries({ queryKey: ['firm-signing-certificate'] });
    },
  });
  const c = cert.data;
  return (
    <Stack maw={640} data-testid="firm-certificate">
      <Title order={2} size="h3">Document-signing certificate</Title>
      <Text size="sm">
        Every FINAL report is sealed with a PDF signature made with this certificate, which PDF readers check. The partner adds their own DSC afterwards.
      </Text>
      <FormError error={cert.error} />
      {c && (
        <Paper withBorder p="md" radius="md">
          {c.source === 'NONE' ? (
            <Text size="sm">No certificate yet. Upload the firm's own below; otherwise the service issues the firm one from its own CA when the first FINAL is sealed.</Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm"><b>{c.source === 'UPLOADED' ? 'The firm\'s own certificate' : 'Issued by this service\'s CA'}</b></Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>Subject: {c.subject}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>Issuer: {c.issuer}</Text>
              <Text size="sm">Serial: {c.serialNumber}</Text>
              <Text size="sm">Valid from {c.notBefore?.slice(0, 10)} to {c.notAfter?.slice(0, 10)}</Text>
            </Stack>
          )}
          <Text size="xs" c="gray.7" mt="xs">The service's CA certificate: <Anchor href={c.caCertificateUrl} underline="always">{c.caCertificateUrl}</Anchor> (not an Indian licensed CA).</Text>
        </Paper>
      )}
      <form onSubmit={(e) => { e.preventDefault(); if (file) upload.mutate(); }} aria-label="Upload the firm's certificate">
        <Stack>
          <FileInput label="PKCS#12 file (.p12 or .pfx)" description="An RSA key with its certificate, valid today" accept=".p12,.pfx,application/x-pkcs12" value={file} onChange={setFile} clearable clearButtonProps={{ 'aria-label': 'Clear the chosen file' }} />
          <PasswordInput label="Its password" description="Opens the file once; never stored" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="off" />
          <FormError error={upload.error} title="Certificate refused" />
          {upload.isSuccess && <Alert color="green" role="status">Certificate saved: FINAL reports are sealed with it from now on.</Alert>}
          <Group><Button type="submit" disabled={!file} loading={upload.isPending}>Upload certificate</Button></Group>
        </Stack>
      </form>
    </Stack>
  );
}

function FirmEditor({ initial }: { initial: { legalName: string; address: string | null; ibbiRegistration: string | null; gstin?: string | null; demo: boolean } }) {
  const client = useQueryClient();
  const form = useForm<z.input<typeof firmPatchBody>>({
    resolver: sentenceResolver(firmPatchBody), mode: 'onTouched',
    defaultValues: { legalName: initial.legalName, address: initial.address ?? '', ibbiRegistration: initial.ibbiRegistration ?? '', gstin: initial.gstin ?? '' },
  });
  const save = useMutation({
    mutationFn: (body: z.output<typeof firmPatchBody>) => call(api.PATCH('/api/v1/settings/firm', { body })),
    onSuccess: async () => {
      // The header names the firm by its legal name: refresh it with the profile.
      await Promise.all([client.invalidateQueries({ queryKey: ['firm-profile'] }), client.invalidateQueries({ queryKey: meKey })]);
    },
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  const err = form.formState.errors;
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">Firm profile</Title>
      {initial.demo && <DemoFlag />}
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate aria-label="Firm profile">
        <Stack>
          <TextInput label="Legal name" description="Printed on every report and certificate" {...form.register('legalName')} error={err.legalName?.message} />
          <Textarea label="Registered address" autosize minRows={2} {...form.register('address', { setValueAs: (v: string) => v || null })} error={err.address?.message} />
          <TextInput label="IBBI registration (registered valuer entity)" placeholder="IBBI/RV-E/02/2020/123" description="Only if the firm itself is a registered valuer entity" {...form.register('ibbiRegistration', { setValueAs: (v: string) => v || null })} error={err.ibbiRegistration?.message} />
          <TextInput label="GSTIN" placeholder="27AAAPL1234C1Z5" description="Printed on the firm's tax invoices; its state decides CGST + SGST or IGST" {...form.register('gstin', { setValueAs: (v: string) => v || null })} error={err.gstin?.message} />
          <FormError error={save.error} title="Not saved" fieldsShown={['legalName', 'address', 'ibbiRegistration', 'gstin', 'name']} />
          {save.isSuccess && <Alert color="green" role="status">Firm profile saved.</Alert>}
          <Group><Button type="submit" loading={save.isPending}>Save firm profile</Button></Group>
        </Stack>
      </form>
    </Stack>
  );
}

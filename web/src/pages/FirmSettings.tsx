// The firm's profile (ADMIN): its legal name, address and registration as the FINAL report prints them,
// the firm's signing certificate, and clearing the demo flag.
import { dayInWords } from '../../../src/contract/file-names';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { sentenceResolver } from '../lib/messages';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { firmPatchBody } from '../../../src/contract/firm-profile';
import { STATUTES, type Statute } from '../../../src/contract/vocabulary';
import { STATUTE_LABELS } from '../lib/format';
import { api, call } from '../api/client';
import { meKey, useMe } from '../lib/session';
import { FormError, applyFieldErrors } from '../components/FormError';
import { FileField } from '../components/FileField';
import { PageTitle, AdminOnlyPage } from '../components/PageTitle';

/**
 * The demo firm seeded on first start: its registrations are made up and its reports say so. Once the
 * firm's own and each person's real registrations are entered, its ADMIN clears the flag here.
 */
function DemoFlag() {
  const client = useQueryClient();
  const clear = useMutation({
    mutationFn: () => call(api.PATCH('/api/v1/settings/firm', { body: { demo: false } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['firm-profile'] }),
        client.invalidateQueries({ queryKey: meKey }),
      ]),
  });
  return (
    <Alert color="yellow" title="Demo firm" data-testid="demo-firm">
      <Stack gap="xs">
        <Text size="sm">
          This firm's registrations are made up, and its reports say so. Rename it below, enter the firm's real
          registration here and each person's in their profile, then make it your own.
        </Text>
        <FormError error={clear.error} title="Still a demo" />
        <Group>
          <Button size="xs" variant="white" color="dark" onClick={() => clear.mutate()} loading={clear.isPending}>
            Clear the demo flag
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function FirmSettingsPage() {
  const { data: me } = useMe();
  const isAdmin = me?.can.editFirmProfile === true;
  const firm = useQuery({
    queryKey: ['firm-profile'],
    queryFn: () => call(api.GET('/api/v1/settings/firm')),
    enabled: isAdmin,
  });
  if (!isAdmin) return <AdminOnlyPage title="Firm profile" may="see and change the firm's profile" />;
  if (!firm.data) return <FormError error={firm.error} />;
  return (
    <Stack gap="xl">
      <FirmEditor initial={firm.data} />
      <FirmCertificate />
    </Stack>
  );
}

/**
 * The certificate every FINAL is sealed with (a PDF signature any reader checks): the firm's own, uploaded
 * here as PKCS#12 with its password (not stored), or the one the service's CA issued the firm.
 */
function FirmCertificate() {
  const client = useQueryClient();
  const cert = useQuery({
    queryKey: ['firm-signing-certificate'],
    queryFn: () => call(api.GET('/api/v1/settings/firm/signing-certificate')),
  });
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
      <Title order={2} size="h3">
        Document-signing certificate
      </Title>
      <Text size="sm">
        Every FINAL report is sealed with a PDF signature made with this certificate, which PDF readers check. The
        partner adds their own DSC afterwards.
      </Text>
      <FormError error={cert.error} />
      {c && (
        <Paper withBorder p="md" radius="md">
          {c.source === 'NONE' ? (
            <Text size="sm">
              No certificate yet. Upload the firm's own below; otherwise the service issues the firm one from its own CA
              when the first FINAL is sealed.
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm">
                <b>{c.source === 'UPLOADED' ? "The firm's own certificate" : "Issued by this service's CA"}</b>
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Subject: {c.subject}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Issuer: {c.issuer}
              </Text>
              <Text size="sm">Serial: {c.serialNumber}</Text>
              <Text size="sm">
                Valid from {c.notBefore ? dayInWords(c.notBefore.slice(0, 10)) : '—'} to{' '}
                {c.notAfter ? dayInWords(c.notAfter.slice(0, 10)) : '—'}
              </Text>
            </Stack>
          )}
          <Text size="xs" c="gray.7" mt="xs">
            The service's CA certificate:{' '}
            <Anchor href={c.caCertificateUrl} underline="always">
              download it
            </Anchor>{' '}
            (not an Indian licensed CA).
          </Text>
        </Paper>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file) upload.mutate();
        }}
        aria-label="Upload the firm's certificate"
      >
        <Stack>
          <FileField
            label="PKCS#12 file (.p12 or .pfx)"
            description="An RSA key with its certificate, valid today"
            accept=".p12,.pfx,application/x-pkcs12"
            value={file}
            onChange={setFile}
          />
          <PasswordInput
            label="Its password"
            description="Opens the file once; never stored"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
          />
          <FormError error={upload.error} title="Certificate refused" />
          {upload.isSuccess && (
            <Alert color="green" role="status">
              Certificate saved: FINAL reports are sealed with it from now on.
            </Alert>
          )}
          <Group>
            <Button type="submit" disabled={!file} loading={upload.isPending}>
              Upload certificate
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function FirmEditor({
  initial,
}: {
  initial: {
    legalName: string;
    address: string | null;
    ibbiRegistration: string | null;
    gstin?: string | null;
    icaiFirmRegistrationNumber?: string | null;
    defaultSigningPlace?: string | null;
    addresseeTemplates?: Partial<Record<Statute, string>>;
    demo: boolean;
  };
}) {
  const client = useQueryClient();
  const form = useForm<z.input<typeof firmPatchBody>>({
    resolver: sentenceResolver(firmPatchBody),
    mode: 'onTouched',
    defaultValues: {
      legalName: initial.legalName,
      address: initial.address ?? '',
      ibbiRegistration: initial.ibbiRegistration ?? '',
      gstin: initial.gstin ?? '',
      icaiFirmRegistrationNumber: initial.icaiFirmRegistrationNumber ?? '',
      defaultSigningPlace: initial.defaultSigningPlace ?? '',
      addresseeTemplates: initial.addresseeTemplates ?? {},
    },
  });
  const save = useMutation({
    mutationFn: (body: z.output<typeof firmPatchBody>) => call(api.PATCH('/api/v1/settings/firm', { body })),
    onSuccess: async () => {
      // The header names the firm by its legal name: refresh it with the profile.
      await Promise.all([
        client.invalidateQueries({ queryKey: ['firm-profile'] }),
        client.invalidateQueries({ queryKey: meKey }),
      ]);
    },
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  const err = form.formState.errors;
  return (
    <Stack maw={640}>
      <PageTitle>Firm profile</PageTitle>
      {initial.demo && <DemoFlag />}
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate aria-label="Firm profile">
        <Stack>
          <TextInput
            label="Legal name"
            description="Printed on every report and certificate"
            {...form.register('legalName')}
            error={err.legalName?.message}
          />
          <Textarea
            label="Registered address"
            autosize
            minRows={2}
            {...form.register('address', { setValueAs: (v: string) => v || null })}
            error={err.address?.message}
          />
          <TextInput
            label="IBBI registration (registered valuer entity)"
            placeholder="IBBI/RV-E/02/2020/123"
            description="Only if the firm itself is a registered valuer entity"
            {...form.register('ibbiRegistration', { setValueAs: (v: string) => v || null })}
            error={err.ibbiRegistration?.message}
          />
          <TextInput
            label="GSTIN"
            placeholder="27AAAPL1234C1ZE"
            description="Printed on the firm's tax invoices; its state decides CGST + SGST or IGST"
            {...form.register('gstin', { setValueAs: (v: string) => v || null })}
            error={err.gstin?.message}
          />
          <TextInput
            label="ICAI Firm Registration Number"
            placeholder="123456W"
            description="Printed with the firm where a partner signs as a chartered accountant"
            {...form.register('icaiFirmRegistrationNumber', { setValueAs: (v: string) => v || null })}
            error={err.icaiFirmRegistrationNumber?.message}
          />
          <Title order={2} size="h4" mt="sm">
            Defaults for every engagement
          </Title>
          <TextInput
            label="Usual place of signing"
            placeholder="Mumbai"
            description="Offered at every sign-off; the partner may change it there"
            {...form.register('defaultSigningPlace', { setValueAs: (v: string) => v || null })}
            error={err.defaultSigningPlace?.message}
          />
          <Text size="sm" c="gray.7">
            To whom a report is addressed when its engagement names nobody, by law; {'{company}'} becomes the company's
            name. Left empty, the report is addressed to whoever appointed the valuer.
          </Text>
          {STATUTES.map((statute) => (
            <TextInput
              key={statute}
              label={`Addressee: ${STATUTE_LABELS[statute]}`}
              placeholder="Board of Directors of {company}"
              {...form.register(`addresseeTemplates.${statute}`, { setValueAs: (v: string) => v || undefined })}
              error={err.addresseeTemplates?.[statute]?.message}
            />
          ))}
          <FormError
            error={save.error}
            title="Not saved"
            fieldsShown={[
              'legalName',
              'address',
              'ibbiRegistration',
              'gstin',
              'name',
              'icaiFirmRegistrationNumber',
              'defaultSigningPlace',
              'addresseeTemplates',
            ]}
          />
          {save.isSuccess && (
            <Alert color="green" role="status">
              Firm profile saved.
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save firm profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

// The person's own profile form: name, designation and the registrations that decide who may sign off
// GATE_3 (each type with its number's format and, for IBBI, its asset class).
import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { sentenceResolver } from '../../lib/messages';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_CLASSES, profilePatchBody } from '../../../../src/contract/registrations';
import { api, call } from '../../api/client';
import { meKey } from '../../lib/session';
import { FormError, applyFieldErrors } from '../FormError';

export type ProfileForm = z.input<typeof profilePatchBody>;
const TYPES = [
  { value: 'IBBI_RV', label: 'IBBI registered valuer' },
  { value: 'SEBI_MERCHANT_BANKER', label: 'SEBI merchant banker' },
  { value: 'ICAI_MEMBERSHIP', label: 'ICAI membership (chartered accountant)' },
  { value: 'ICMAI_MEMBERSHIP', label: 'ICMAI membership (cost accountant)' },
];
const ASSET_LABELS: Record<string, string> = {
  SECURITIES_OR_FINANCIAL_ASSETS: 'Securities or financial assets',
  LAND_AND_BUILDING: 'Land and building',
  PLANT_AND_MACHINERY: 'Plant and machinery',
};
const EXAMPLES: Record<string, string> = {
  IBBI_RV: 'IBBI/RV/03/2019/12345',
  SEBI_MERCHANT_BANKER: 'INM000012345',
  ICAI_MEMBERSHIP: '123456',
  ICMAI_MEMBERSHIP: '12345',
};

/** A row's refusals that no visible field shows (the row itself, or a field this type does not have), as sentences. */
function otherRowErrors(row: Record<string, { message?: string }> | undefined): string[] {
  if (!row) return [];
  return Object.entries(row)
    .filter(([key, e]) => !['type', 'number', 'assetClass'].includes(key) && typeof e?.message === 'string')
    .map(([, e]) => e.message!);
}

export function ProfileEditor({ initial }: { initial: ProfileForm }) {
  const client = useQueryClient();
  const form = useForm<ProfileForm>({
    resolver: sentenceResolver(profilePatchBody),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const regs = useFieldArray({ control: form.control, name: 'registrations' as never });
  const save = useMutation({
    mutationFn: (body: z.output<typeof profilePatchBody>) =>
      call(api.PATCH('/api/v1/auth/me', { body: { ...body, designation: body.designation || null } })),
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  const err = form.formState.errors;
  /** A new type for row `i`: the number stays; the asset class and RVO exist only for an IBBI registration. */
  const switchType = (i: number, type: string) => {
    const row = `registrations.${i}` as const;
    form.setValue(`${row}.type` as never, type as never, { shouldDirty: true });
    if (type === 'IBBI_RV') {
      if (!form.getValues(`${row}.assetClass` as never))
        form.setValue(`${row}.assetClass` as never, 'SECURITIES_OR_FINANCIAL_ASSETS' as never);
    } else {
      form.unregister([`${row}.assetClass`, `${row}.rvo`] as never);
    }
    form.clearErrors(row as never);
  };
  const regErrors = (i: number) =>
    (err.registrations as unknown as Record<number, Record<string, { message?: string }>> | undefined)?.[i];
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate aria-label="Profile">
      <Stack>
        <Group grow align="start">
          <TextInput label="Display name" {...form.register('name')} error={err.name?.message} />
          <TextInput
            label="Designation"
            placeholder="e.g. Partner"
            {...form.register('designation')}
            error={err.designation?.message}
          />
        </Group>
        <Title order={2} size="h4">
          Registrations
        </Title>
        {regs.fields.length === 0 && (
          <Text size="sm" c="gray.7">
            None yet: you cannot sign off (Gate 3) until you add the registration the statute requires.
          </Text>
        )}
        {regs.fields.map((field, i) => {
          const type = form.watch(`registrations.${i}.type` as never) as unknown as string;
          return (
            <Paper key={field.id} withBorder p="sm" radius="md">
              <Group align="end" wrap="wrap">
                <Controller
                  control={form.control}
                  name={`registrations.${i}.type` as never}
                  render={({ field: f }) => (
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
                  )}
                />
                <TextInput
                  label="Number"
                  placeholder={EXAMPLES[type]}
                  {...form.register(`registrations.${i}.number` as never)}
                  error={regErrors(i)?.number?.message}
                  w={220}
                />
                {type === 'IBBI_RV' && (
                  <>
                    <Controller
                      control={form.control}
                      name={`registrations.${i}.assetClass` as never}
                      render={({ field: f }) => (
                        <Select
                          label="Asset class"
                          data={ASSET_CLASSES.map((a) => ({ value: a, label: ASSET_LABELS[a] }))}
                          value={(f.value as string) ?? null}
                          onChange={(v) => f.onChange(v)}
                          error={regErrors(i)?.assetClass?.message}
                          w={260}
                        />
                      )}
                    />
                    <TextInput
                      label="RVO (optional)"
                      {...form.register(`registrations.${i}.rvo` as never, {
                        setValueAs: (v: string) => v || undefined,
                      })}
                      w={220}
                    />
                  </>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={`Remove registration ${i + 1}`}
                  onClick={() => regs.remove(i)}
                  size="lg"
                >
                  ✕
                </ActionIcon>
              </Group>
              {otherRowErrors(regErrors(i)).map((m) => (
                <Text key={m} c="red.8" size="sm" role="alert" mt={4}>
                  {m}
                </Text>
              ))}
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              regs.append({ type: 'IBBI_RV', number: '', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' } as never)
            }
          >
            Add registration
          </Button>
        </Group>
        <FormError
          error={save.error}
          title="Profile not saved"
          fieldsShown={['name', 'designation', 'registrations']}
        />
        {save.isSuccess && (
          <Alert color="green" role="status">
            Profile saved.
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// The firm's engagements: newest first, status filter, search by name or CIN, cursor paging, and
// "New engagement". Filters live in the address (?status=&q=&assignedTo=&cursor=), so a view can be bookmarked.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, Controller } from 'react-hook-form';
import { sentenceResolver } from '../lib/messages';
import type { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createEngagementForm } from '../../../src/contract/engagement-forms';
import { concludesPerShare, lawName, PURPOSES_BY_STATUTE, STATUTES } from '../../../src/contract/vocabulary';
import { api, ApiError, call, nextCursor, type Schemas } from '../api/client';
import { useMe, VIEWER_REASON } from '../lib/session';
import { useLiveEvents, pollWhenDown } from '../lib/live';
import { date, PURPOSE_LABELS, STATUS_COLORS, STATUS_LABELS, STATUTE_LABELS } from '../lib/format';
import { FormError, applyFieldErrors } from '../components/FormError';
import { assignable } from '../components/engagement/Assignee';
import { DataTable } from '../components/DataTable';
import { CinInput, ProposedPriceInput, PurposeSelect, TargetEntityInput } from '../components/engagement/PurposeFields';
import { PageTitle } from '../components/PageTitle';
import { DateField } from '../components/DateField';
import { FirstHour } from '../components/FirstHour';

type Engagement = Schemas['Engagement'];
// IBC only: who holds each asset class of the set, in a chunk of its own (the first page's size is budgeted).
const NewValuerSet = lazy(() => import('../components/engagement/ClassHolders'));
const STATUSES = Object.keys(STATUS_LABELS);
const PAGE = 20;

export function EngagementsPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const assignedTo = params.get('assignedTo') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const [typed, setTyped] = useState(q);
  const [debounced] = useDebouncedValue(typed, 300);
  const [history, setHistory] = useState<(string | undefined)[]>([]);
  const { data: me } = useMe();
  const { live } = useLiveEvents();
  const [creating, modal] = useDisclosure(false);
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => call(api.GET('/api/v1/team', { params: { query: { limit: 200 } } })),
  });

  // Whether the firm has any engagement at all, whatever the filters (the first-hour checklist asks).
  const any = useQuery({
    queryKey: ['engagements', 'any'],
    queryFn: async () => (await call(api.GET('/api/v1/engagements', { params: { query: { limit: 1 } } }))).length,
  });

  const set = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };
  useEffect(() => {
    if (debounced.trim() !== q) {
      setHistory([]);
      set({ q: debounced.trim() || undefined, cursor: undefined });
    }
    // Runs only when the debounced text changes: q and set follow from it.
  }, [debounced]);

  const list = useQuery({
    queryKey: ['engagements', { status, q, assignedTo, cursor }],
    queryFn: async () => {
      const res = await api.GET('/api/v1/engagements', {
        params: {
          query: {
            limit: PAGE,
            ...(status ? { status: status as Engagement['status'] } : {}),
            ...(q ? { q } : {}),
            ...(assignedTo ? { assignedTo } : {}),
            ...(cursor ? { cursor } : {}),
          },
        },
      });
      const rows = await call(Promise.resolve(res));
      return { rows, next: nextCursor(res.response) };
    },
    refetchInterval: pollWhenDown(live),
  });
  const canCreate = me?.can.createEngagement === true;

  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>Engagements</PageTitle>
        <Tooltip label={VIEWER_REASON} disabled={canCreate}>
          <span>
            <Button onClick={modal.open} disabled={!canCreate}>
              New engagement
            </Button>
          </span>
        </Tooltip>
      </Group>
      {any.data !== undefined && <FirstHour engagements={any.data} onNewEngagement={modal.open} />}
      <Group grow preventGrowOverflow={false} wrap="wrap" align="end">
        <TextInput
          label="Search by name or CIN"
          placeholder="e.g. acme or U72200KA"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          miw={200}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status || null}
          onChange={(v) => {
            setHistory([]);
            set({ status: v ?? undefined, cursor: undefined });
          }}
          miw={200}
        />
        <Select
          label="Assigned to"
          placeholder="Anyone"
          clearable
          data={[
            ...(me?.kind === 'user' ? [{ value: 'me', label: 'Me' }] : []),
            ...assignable(team.data).map((m) => ({ value: m.id, label: m.name })),
          ]}
          value={assignedTo || null}
          onChange={(v) => {
            setHistory([]);
            set({ assignedTo: v ?? undefined, cursor: undefined });
          }}
          miw={200}
          data-testid="assigned-filter"
        />
      </Group>
      <FormError error={list.error} title="Could not load engagements" />
      <DataTable
        label="Engagements"
        minWidth={640}
        columns={['Target entity', 'CIN', 'Statute', 'Status', 'Assigned to', 'Valuation date']}
        highlightOnHover
        verticalSpacing="sm"
      >
        {list.data?.rows.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>
              <Anchor component={Link} to={`/engagements/${e.id}`} fw={600}>
                {e.targetEntity}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {e.cin ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              {lawName(e.statute, e.transactionDate)}
              {e.purpose ? (
                <Text size="xs" c="gray.7">
                  {PURPOSE_LABELS[e.purpose] ?? e.purpose}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[e.status] ?? 'gray'} data-testid="status">
                {STATUS_LABELS[e.status]}
              </Badge>
            </Table.Td>
            <Table.Td data-testid="assigned-to">{e.assignedValuer?.name ?? '—'}</Table.Td>
            <Table.Td>{date(e.valuationDate)}</Table.Td>
          </Table.Tr>
        ))}
        {list.data && list.data.rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={6}>
              <Text c="gray.7" ta="center" py="md">
                {q || status || assignedTo ? 'No engagement matches.' : 'No engagements yet. Create the first one.'}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </DataTable>
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={history.length === 0}
          onClick={() => {
            const prev = history[history.length - 1];
            setHistory(history.slice(0, -1));
            set({ cursor: prev });
          }}
        >
          Previous
        </Button>
        <Button
          variant="default"
          disabled={!list.data?.next}
          onClick={() => {
            setHistory([...history, cursor]);
            set({ cursor: list.data?.next });
          }}
        >
          Next
        </Button>
      </Group>
      <Modal opened={creating} onClose={modal.close} title="New engagement" size="lg">
        <NewEngagementForm
          onDone={modal.close}
          valuers={assignable(team.data)}
          members={team.data ?? []}
          meId={me?.kind === 'user' ? me.user?.id : undefined}
        />
      </Modal>
    </Stack>
  );
}

function NewEngagementForm({
  onDone,
  valuers,
  members,
  meId,
}: {
  onDone: () => void;
  valuers: Schemas['TeamMember'][];
  members: Schemas['TeamMember'][];
  meId?: string;
}) {
  const [valuerSet, setValuerSet] = useState<object | undefined>(undefined);
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<z.input<typeof createEngagementForm>>({
    resolver: sentenceResolver(createEngagementForm),
    mode: 'onTouched',
    defaultValues: { statute: 'COMPANIES_ACT_SEC_62' },
  });
  // The statute chosen, or the form's default while none is (the select allows no deselect).
  const statute = form.watch('statute') ?? 'COMPANIES_ACT_SEC_62';
  const purposes = PURPOSES_BY_STATUTE[statute] as readonly string[];
  const create = useMutation({
    mutationFn: (body: z.output<typeof createEngagementForm>) =>
      call(
        api.POST('/api/v1/engagements', {
          // IBC: the set chosen below goes with the create, so a member not registered for a class is refused here.
          body: { ...body, ...(body.statute === 'IBC_LIQUIDATION' && valuerSet ? { valuerSet } : {}) } as never,
        }),
      ),
    onSuccess: async (e) => {
      await client.invalidateQueries({ queryKey: ['engagements'] });
      onDone();
      navigate(`/engagements/${e.id}`);
    },
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  const err = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit((v) =>
        create.mutate({ ...v, cin: v.cin || undefined, valuationDate: v.valuationDate || undefined }),
      )}
      noValidate
    >
      <Stack>
        <TargetEntityInput {...form.register('targetEntity')} error={err.targetEntity?.message} />
        <CinInput {...form.register('cin', { setValueAs: (v: string) => v || undefined })} error={err.cin?.message} />
        <Controller
          control={form.control}
          name="statute"
          render={({ field }) => (
            <Select
              label="Statute"
              withAsterisk
              data={STATUTES.map((s) => ({ value: s, label: STATUTE_LABELS[s] }))}
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                form.setValue('purpose', undefined);
              }}
              error={err.statute?.message}
              allowDeselect={false}
            />
          )}
        />
        <PurposeSelect control={form.control} purposes={purposes} error={err.purpose?.message} />
        {statute === 'IBC_LIQUIDATION' ? (
          <Suspense fallback={null}>
            <NewValuerSet
              members={members}
              errors={create.error instanceof ApiError ? create.error.fieldErrors() : {}}
              onChange={setValuerSet}
              liquidation={form.watch('purpose') === 'LIQUIDATION_REALISABLE_VALUE'}
            />
            <Text size="sm" c="gray.8">
              {form.watch('purpose') === 'LIQUIDATION_REALISABLE_VALUE'
                ? 'The verification of each class and the liquidator who appointed the valuers are recorded on the engagement.'
                : 'The verification of each class and the officer who appointed the set are recorded on the engagement.'}
            </Text>
          </Suspense>
        ) : null}
        {concludesPerShare(statute) ? (
          <ProposedPriceInput
            {...form.register('proposedPricePerShare', { setValueAs: (v: string) => v || undefined })}
            error={err.proposedPricePerShare?.message}
          />
        ) : null}
        <DateField
          control={form.control}
          name="valuationDate"
          label="Valuation date"
          description="Defaults to today (India)"
          error={err.valuationDate?.message}
        />
        <DateField
          control={form.control}
          name="transactionDate"
          label="Transaction date"
          description="The date of the receipt, transfer or issue; defaults to the valuation date. For Rule 11UA it decides the law: from 1 April 2026 the Income-tax Act, 2025"
          error={err.transactionDate?.message}
        />
        {valuers.length > 0 && (
          <Controller
            control={form.control}
            name="assignedValuerId"
            render={({ field }) => (
              <Select
                label="Assigned valuer"
                description="Whose work it is; you, when left blank"
                clearable
                data={valuers.map((m) => ({ value: m.id, label: m.id === meId ? `${m.name} (you)` : m.name }))}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                error={err.assignedValuerId?.message}
                data-testid="assignee-create"
              />
            )}
          />
        )}
        <FormError
          error={create.error}
          title="Could not create the engagement"
          fieldsShown={[
            'targetEntity',
            'cin',
            'statute',
            'purpose',
            'proposedPricePerShare',
            'valuationDate',
            'transactionDate',
            'assignedValuerId',
            'valuerSet',
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

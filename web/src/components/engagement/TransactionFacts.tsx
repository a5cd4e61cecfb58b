// The transaction the report prices and the appointment's basis and letter (docs/reports.md, The transaction), asked
// for in the valuer's words for the engagement's statute: the parties to a transfer, or the allottees of an issue, and
// the shareholding before and after. Saved by PATCH with the server's rules; loaded lazily with the review panel.
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, ApiError, type Schemas } from '../../api/client';
import { FormError } from '../FormError';
import { DateText } from '../DateField';
import { sentence } from '../../../../src/contract/sentences';
import {
  APPOINTMENT_BASIS_PRESETS,
  INSTRUMENT_WORDS,
  TRANSACTION_INSTRUMENTS,
  shareholdingWithPercentages,
  transactionKindFor,
} from '../../../../src/contract/transaction-facts';

type Engagement = Schemas['EngagementDetail'];
type Kind = 'TRANSFER' | 'ISSUE';
type Allottee = { name: string; country: string; instrument: string; number: string; pricePerShare: string };
type Holding = { holder: string; before: string; after: string };
type Form = {
  kind: Kind;
  transferor: string;
  transferee: string;
  transferorResidence: string;
  transfereeResidence: string;
  numberOfShares: string;
  instrument: string;
  consideration: string;
  date: string;
  allottees: Allottee[];
  shareholding: Holding[];
};

const INSTRUMENTS = TRANSACTION_INSTRUMENTS.map((i) => ({ value: i, label: INSTRUMENT_WORDS[i] }));
const NEW_ALLOTTEE: Allottee = { name: '', country: '', instrument: 'EQUITY', number: '', pricePerShare: '' };
const NEW_HOLDING: Holding = { holder: '', before: '', after: '' };

/** The column names over a list of rows (each input is named for assistive technology by its aria-label). */
function Columns({ names }: { names: string[] }) {
  return (
    <Group grow wrap="nowrap" aria-hidden>
      {names.map((n) => (
        <Text key={n} size="xs" c="gray.8">
          {n}
        </Text>
      ))}
    </Group>
  );
}

/** What the statute calls the transaction, and what it asks of the valuer, in their words. */
function statuteWords(e: Engagement, kind: Kind): string {
  if (e.statute === 'COMPANIES_ACT_SEC_62')
    return 'The further issue under section 62 of the Companies Act, 2013 (a preferential allotment, ESOPs, a rights issue): each allottee, what is allotted to them, how many and at what price, and the proposed date of allotment.';
  if (e.statute === 'FEMA_RBI')
    return kind === 'ISSUE'
      ? 'The issue to a person resident outside India (Rule 21 of the NDI Rules): each investor with their country of residence, the instrument, the number and the price, and the proposed date of issue.'
      : 'The transfer between a resident and a person resident outside India (Rule 21 of the NDI Rules): who transfers the shares, who receives them, how many, the consideration and the date.';
  return kind === 'ISSUE'
    ? 'The issue of shares (Rule 11UA(2)): each allottee, what is allotted to them, how many and at what price, and the proposed date.'
    : 'The transfer or receipt of shares (section 56(2)(x) or 50CA of the Income-tax Act): who transfers them, who receives them, how many, the consideration and the date.';
}

function formOf(e: Engagement): Form {
  const t = e.transaction;
  const kind: Kind = t?.kind ?? transactionKindFor(e.statute, e.purpose) ?? 'TRANSFER';
  return {
    kind,
    transferor: t?.kind === 'TRANSFER' ? t.transferor : '',
    transferee: t?.kind === 'TRANSFER' ? t.transferee : '',
    transferorResidence: t?.kind === 'TRANSFER' ? (t.transferorResidence ?? '') : '',
    transfereeResidence: t?.kind === 'TRANSFER' ? (t.transfereeResidence ?? '') : '',
    numberOfShares: t?.kind === 'TRANSFER' ? String(t.numberOfShares) : '',
    instrument: t?.kind === 'TRANSFER' ? t.instrument : 'EQUITY',
    consideration: t?.kind === 'TRANSFER' ? t.consideration : '',
    date: t?.date ?? e.transactionDate,
    allottees:
      t?.kind === 'ISSUE'
        ? t.allottees.map((a) => ({ ...a, country: a.country ?? '', number: String(a.number) }))
        : [NEW_ALLOTTEE],
    shareholding: t
      ? t.shareholding.map((r) => ({ holder: r.holder, before: String(r.before), after: String(r.after) }))
      : [NEW_HOLDING],
  };
}

/** A whole number as typed, or the text itself so the server names what is wrong with it. */
const num = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v.trim());

function bodyOf(f: Form) {
  const shareholding = f.shareholding.map((r) => ({
    holder: r.holder.trim(),
    before: num(r.before),
    after: num(r.after),
  }));
  if (f.kind === 'TRANSFER')
    return {
      kind: f.kind,
      transferor: f.transferor.trim(),
      transferee: f.transferee.trim(),
      ...(f.transferorResidence.trim() && { transferorResidence: f.transferorResidence.trim() }),
      ...(f.transfereeResidence.trim() && { transfereeResidence: f.transfereeResidence.trim() }),
      numberOfShares: num(f.numberOfShares),
      instrument: f.instrument,
      consideration: f.consideration.trim(),
      date: f.date,
      shareholding,
    };
  return {
    kind: f.kind,
    allottees: f.allottees.map((a) => ({
      name: a.name.trim(),
      ...(a.country.trim() && { country: a.country.trim() }),
      instrument: a.instrument,
      number: num(a.number),
      pricePerShare: a.pricePerShare.trim(),
    })),
    date: f.date,
    shareholding,
  };
}

export default function TransactionFacts({ engagement }: { engagement: Engagement }) {
  const client = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(engagement));
  const [basis, setBasis] = useState(engagement.appointmentBasis ?? '');
  const [letterDate, setLetterDate] = useState(engagement.engagementLetterDate ?? '');
  const editable = engagement.myActions.actions.editReportFacts.allowed;
  const fixedKind = transactionKindFor(engagement.statute, engagement.purpose);
  const save = useMutation({
    mutationFn: (clear: boolean) =>
      call(
        api.PATCH('/api/v1/engagements/{id}', {
          params: { path: { id: engagement.id } },
          body: {
            appointmentBasis: basis.trim() || null,
            engagementLetterDate: letterDate || null,
            transaction: clear ? null : (bodyOf(form) as never),
            // The transaction's date is the engagement's transaction date: a new one is sent with it.
            ...(!clear && form.date !== engagement.transactionDate && { transactionDate: form.date }),
          },
        }),
      ),
    onSuccess: (e) => {
      setForm(formOf(e as Engagement));
      return client.invalidateQueries({ queryKey: ['engagement', engagement.id] });
    },
  });
  if (engagement.statute === 'IBC_LIQUIDATION') return null;
  const errors = save.error instanceof ApiError ? save.error.fieldErrors() : {};
  const err = (key: string) => (errors[key] ? sentence(errors[key]) : undefined);
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const text = (key: keyof Form, label: string, description?: string) => ({
    label,
    description,
    value: form[key] as string,
    readOnly: !editable,
    error: err(`transaction.${key}`),
    onChange: (ev: { currentTarget: { value: string } }) => set({ [key]: ev.currentTarget.value }),
  });
  const allottee = (i: number, key: keyof Allottee) => ({
    value: form.allottees[i][key],
    readOnly: !editable,
    error: err(`transaction.allottees.${i}.${key}`),
    'aria-label': `Allottee ${i + 1}: ${key === 'pricePerShare' ? 'price per share' : key}`,
    onChange: (ev: { currentTarget: { value: string } }) =>
      set({ allottees: form.allottees.map((a, j) => (j === i ? { ...a, [key]: ev.currentTarget.value } : a)) }),
  });
  const holding = (i: number, key: keyof Holding) => ({
    value: form.shareholding[i][key],
    readOnly: !editable,
    error: err(`transaction.shareholding.${i}.${key}`),
    'aria-label': `Holder ${i + 1}: ${key}`,
    onChange: (ev: { currentTarget: { value: string } }) =>
      set({ shareholding: form.shareholding.map((r, j) => (j === i ? { ...r, [key]: ev.currentTarget.value } : r)) }),
  });
  const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : 0);
  const percentages = shareholdingWithPercentages(
    form.shareholding.map((r) => ({ holder: r.holder, before: whole(r.before), after: whole(r.after) })),
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid="transaction-facts">
      <Stack gap="sm">
        <Text fw={700}>The transaction and the appointment</Text>
        <Text size="sm" c="gray.8">
          The signed report states these in its scope and background.
        </Text>
        <Select
          label="Basis of the appointment"
          placeholder="Choose a provision, or write it below"
          data={[...APPOINTMENT_BASIS_PRESETS]}
          value={APPOINTMENT_BASIS_PRESETS.find((p) => p === basis) ?? null}
          onChange={(v) => v && setBasis(v)}
          readOnly={!editable}
        />
        <Textarea
          aria-label="Basis of the appointment, in words"
          value={basis}
          autosize
          minRows={1}
          readOnly={!editable}
          error={err('appointmentBasis')}
          description="Under which provision and by whom you were appointed; under s.247(1) the audit committee, or the board where the company has none"
          onChange={(ev) => setBasis(ev.currentTarget.value)}
        />
        <DateText
          label="Date of the engagement letter"
          value={letterDate}
          readOnly={!editable}
          error={err('engagementLetterDate')}
          description="Not later than today"
          onChange={setLetterDate}
        />
        {fixedKind === null && (
          <SegmentedControl
            value={form.kind}
            disabled={!editable}
            onChange={(v) => set({ kind: v as Kind })}
            data={[
              { value: 'TRANSFER', label: 'A transfer or receipt' },
              { value: 'ISSUE', label: 'An issue of shares' },
            ]}
          />
        )}
        <Text size="sm">{statuteWords(engagement, form.kind)}</Text>
        {form.kind === 'TRANSFER' ? (
          <>
            <Group grow align="flex-start">
              <TextInput {...text('transferor', 'Transferor (seller)', 'As in the register of members')} />
              <TextInput {...text('transferee', 'Transferee (buyer)')} />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                {...text(
                  'transferorResidence',
                  "Transferor's country of residence",
                  'e.g. India; the report states it',
                )}
              />
              <TextInput {...text('transfereeResidence', "Transferee's country of residence", 'e.g. India')} />
            </Group>
            <Group grow align="flex-start">
              <TextInput {...text('numberOfShares', 'Number of shares transferred')} inputMode="numeric" />
              <Select
                label="Class of shares"
                data={INSTRUMENTS}
                value={form.instrument}
                readOnly={!editable}
                onChange={(v) => v && set({ instrument: v })}
              />
              <TextInput {...text('consideration', 'Consideration in all (₹)', 'Decimal rupees, e.g. 31250000.00')} />
            </Group>
          </>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Allottees{engagement.statute === 'FEMA_RBI' ? ' (the country of each is required)' : ''}
            </Text>
            <Columns names={['Name', 'Country', 'Instrument', 'Number', 'Price per share (₹)']} />
            {form.allottees.map((_, i) => (
              <Group key={i} grow align="flex-start" wrap="nowrap">
                <TextInput placeholder="Name" {...allottee(i, 'name')} />
                <TextInput placeholder="Country" {...allottee(i, 'country')} />
                <Select
                  data={INSTRUMENTS}
                  value={form.allottees[i].instrument}
                  readOnly={!editable}
                  aria-label={`Allottee ${i + 1}: instrument`}
                  onChange={(v) =>
                    v && set({ allottees: form.allottees.map((a, j) => (j === i ? { ...a, instrument: v } : a)) })
                  }
                />
                <TextInput placeholder="Number" inputMode="numeric" {...allottee(i, 'number')} />
                <TextInput placeholder="Price per share (₹)" {...allottee(i, 'pricePerShare')} />
                {editable && form.allottees.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Remove allottee ${i + 1}`}
                    onClick={() => set({ allottees: form.allottees.filter((__, j) => j !== i) })}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            ))}
            {editable && (
              <Button size="xs" variant="subtle" onClick={() => set({ allottees: [...form.allottees, NEW_ALLOTTEE] })}>
                Add an allottee
              </Button>
            )}
          </Stack>
        )}
        <DateText
          {...text(
            'date',
            form.kind === 'TRANSFER'
              ? 'Date of the transfer'
              : engagement.statute === 'FEMA_RBI'
                ? 'Proposed date of issue'
                : 'Proposed date of allotment',
          )}
          onChange={(v) => set({ date: v })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Shareholding before and after (every holder; the percentages are worked out for you)
          </Text>
          <Columns names={['Holder', 'Shares before', 'Shares after', '% before → after']} />
          {form.shareholding.map((_, i) => (
            <Group key={i} grow align="flex-start" wrap="nowrap">
              <TextInput placeholder="Holder" {...holding(i, 'holder')} />
              <TextInput placeholder="Shares before" inputMode="numeric" {...holding(i, 'before')} />
              <TextInput placeholder="Shares after" inputMode="numeric" {...holding(i, 'after')} />
              <Text size="sm" c="gray.8">
                {percentages[i]?.percentBefore} % → {percentages[i]?.percentAfter} %
              </Text>
              {editable && form.shareholding.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  aria-label={`Remove holder ${i + 1}`}
                  onClick={() => set({ shareholding: form.shareholding.filter((__, j) => j !== i) })}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          {editable && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => set({ shareholding: [...form.shareholding, NEW_HOLDING] })}
            >
              Add a holder
            </Button>
          )}
        </Stack>
        {editable && (
          <>
            <FormError
              error={save.error}
              title="Not saved"
              fieldsShown={['transaction', 'appointmentBasis', 'engagementLetterDate']}
            />
            <Group>
              <Button variant="light" loading={save.isPending} onClick={() => save.mutate(false)}>
                Save the transaction
              </Button>
              {engagement.transaction && (
                <Button variant="subtle" color="gray" onClick={() => save.mutate(true)}>
                  Clear the transaction
                </Button>
              )}
              {save.isSuccess && !save.isPending && (
                <Text size="sm" c="gray.9" role="status">
                  Saved.
                </Text>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

// The facts a signed report needs beyond the valuation (who appointed the valuer and when, the
// addressee, the company's background): shown with what is still missing from GATE_1 on, editable
// (PATCH, the same rules as the API) until GATE_3 is signed off, read-only afterwards with the reason.
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, ApiError, type Schemas } from '../../api/client';
import { DateText } from '../DateField';
import { FormError } from '../FormError';
import { date } from '../../lib/format';
import { sentence } from '../../../../src/contract/sentences';
import { IBC_APPOINTING_EXAMPLE } from '../../../../src/contract/ibc-appointment';
import { todayInIndia } from '../../../../src/contract/today';

type Engagement = Schemas['EngagementDetail'];
type Facts = {
  appointingAuthority: string;
  appointmentDate: string;
  addressee: string;
  companyBackground: string;
  valuationDateReason: string;
};

const LABELS: Record<string, string> = {
  appointingAuthority: 'Appointing authority',
  appointmentDate: 'Date of appointment',
  addressee: 'Addressee',
  companyBackground: 'Background of the company',
  valuationDateReason: 'Why this valuation date',
};

/** Days from the valuation date to today in India: over 90, the sign-off asks why the date was chosen. */
const daysSince = (valuationDate: string) =>
  Math.round((Date.parse(todayInIndia()) - Date.parse(valuationDate)) / 86_400_000);

/** Under the IBC the resolution professional (CIRP) or the liquidator appoints, named with their IBBI registration. */
function appointingHint(e: Engagement): string {
  if (e.statute !== 'IBC_LIQUIDATION') return 'e.g. "Board of Directors of Acme Industries Private Limited"';
  return e.purpose === 'LIQUIDATION_REALISABLE_VALUE'
    ? `The liquidator, with their IBBI registration, e.g. "${IBC_APPOINTING_EXAMPLE.LIQUIDATION}"`
    : `The resolution professional, with their IBBI registration, e.g. "${IBC_APPOINTING_EXAMPLE.CIRP}"`;
}

/** Today's date in India, YYYY-MM-DD. */

const factsOf = (e: Engagement): Facts => ({
  appointingAuthority: e.appointingAuthority ?? '',
  appointmentDate: e.appointmentDate ?? '',
  addressee: e.addressee ?? '',
  companyBackground: e.companyBackground ?? '',
  valuationDateReason: e.valuationDateReason ?? '',
});

export function ReportFacts({ engagement }: { engagement: Engagement }) {
  const client = useQueryClient();
  const [facts, setFacts] = useState<Facts>(() => factsOf(engagement));
  const answer = engagement.myActions.actions.editReportFacts;
  const signed = answer.blockedCode === 'report_signed';
  const editable = answer.allowed;
  const save = useMutation({
    // Empty fields are sent as null (cleared); the addressee then defaults to the appointing authority.
    mutationFn: () =>
      call(
        api.PATCH('/api/v1/engagements/{id}', {
          params: { path: { id: engagement.id } },
          body: Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, v.trim() === '' ? null : v.trim()])),
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors() : {};
  // A date of appointment after today (in India, as the API counts it) is refused here, before saving.
  const today = todayInIndia();
  const ownErrors: Partial<Record<keyof Facts, string>> =
    facts.appointmentDate && facts.appointmentDate > today
      ? {
          appointmentDate: `The date of appointment cannot be after today (${date(today)}): enter the date the valuer was appointed.`,
        }
      : {};
  const field = (name: keyof Facts) => ({
    label: LABELS[name],
    value: facts[name],
    error: ownErrors[name] ?? (fieldErrors[name] ? sentence(fieldErrors[name], name) : undefined),
    readOnly: !editable,
    onChange: (ev: { currentTarget: { value: string } }) => setFacts({ ...facts, [name]: ev.currentTarget.value }),
  });
  const missing = engagement.reportFactsMissing;
  return (
    <Paper withBorder p="md" radius="md" data-testid="report-facts">
      <Stack gap="sm">
        <Text fw={700}>Report facts</Text>
        {missing.length > 0 ? (
          <Alert color="orange" variant="light" title="Needed before sign-off" data-testid="report-facts-missing">
            The signed report names these, so Gate 3 cannot be approved without them:{' '}
            {missing.map((m) => LABELS[m] ?? m).join(', ')}.
          </Alert>
        ) : null}
        {signed ? (
          <Text size="sm" c="gray.7">
            Read-only: the report has been signed off (or the engagement has ended), so its facts no longer change.
          </Text>
        ) : null}
        {answer.blockedCode === 'forbidden' ? (
          <Text size="sm" c="gray.7">
            Read-only: {answer.blockedBecause}.
          </Text>
        ) : null}
        <TextInput {...field('appointingAuthority')} description={appointingHint(engagement)} />
        <Group grow align="flex-start">
          <DateText
            {...field('appointmentDate')}
            onChange={(v) => setFacts({ ...facts, appointmentDate: v })}
            description="Not later than today"
          />
          <TextInput {...field('addressee')} description="The appointing authority when left blank" />
        </Group>
        <Textarea
          {...field('companyBackground')}
          autosize
          minRows={3}
          description="The business, its history and its industry (50–10,000 characters)"
        />
        <Textarea
          {...field('valuationDateReason')}
          autosize
          minRows={2}
          description={
            daysSince(engagement.valuationDate) > 90
              ? `Needed to sign: the valuation date, ${date(engagement.valuationDate)}, is more than 90 days before today. Say why the valuation is as at that date; the report prints it.`
              : 'Why the valuation is as at its date, printed in the report; needed when the report is signed more than 90 days after it'
          }
        />
        {editable ? (
          <>
            <FormError error={save.error} title="Not saved" fieldsShown={Object.keys(LABELS)} />
            <Group>
              <Button
                onClick={() => {
                  if (Object.keys(ownErrors).length === 0) save.mutate();
                }}
                loading={save.isPending}
                variant="light"
              >
                Save report facts
              </Button>
              {save.isSuccess && !save.isPending ? (
                <Text size="sm" c="gray.9" role="status">
                  Report facts saved.
                </Text>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

// IBC: the engagement as one set's work (docs/statutes.md, IBC: the set of valuers). Each asset class with the member
// registered with IBBI for it who holds it, the coordinating valuer, each class's physical verification, and the
// officer who appointed the set; saved by PATCH (editable until GATE_3), the service's 400 shown beside its field.
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, ApiError, type Schemas } from '../../api/client';
import { FormError } from '../FormError';
import { DateText } from '../DateField';
import { sentence } from '../../../../src/contract/sentences';
import { APPOINTING_ROLE_LABELS } from '../../../../src/contract/ibc-valuer-set';
import { ClassHolders, IBC_CLASS_LABELS, IBC_CLASS_ORDER, classErrorOf, type AssetClass } from './ClassHolders';

type Engagement = Schemas['EngagementDetail'];
type ClassRow = { memberId: string; date: string; inspected: string; present: string };
type Officer = { name: string; ibbiRegistration: string; appointedOn: string };

function rowsOf(e: Engagement): Record<AssetClass, ClassRow> {
  const rows = {} as Record<AssetClass, ClassRow>;
  for (const c of IBC_CLASS_ORDER) {
    const held = e.valuerSet?.classes.find((x) => x.assetClass === c);
    rows[c] = {
      memberId: held?.memberId ?? '',
      date: held?.verification?.date ?? '',
      inspected: held?.verification?.inspected ?? '',
      present: held?.verification?.present ?? '',
    };
  }
  return rows;
}

export default function ValuerSet({ engagement }: { engagement: Engagement }) {
  const client = useQueryClient();
  const liquidation = engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE';
  const role = liquidation ? 'LIQUIDATOR' : 'RESOLUTION_PROFESSIONAL';
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => call(api.GET('/api/v1/team', { params: { query: { limit: 200 } } })),
  });
  const members = (team.data ?? []).filter((m) => m.status === 'ACTIVE');
  const [rows, setRows] = useState(() => rowsOf(engagement));
  const [coordinating, setCoordinating] = useState(engagement.valuerSet?.coordinatingValuerId ?? '');
  const [officer, setOfficer] = useState<Officer>({
    name: engagement.appointingOfficer?.name ?? '',
    ibbiRegistration: engagement.appointingOfficer?.ibbiRegistration ?? '',
    appointedOn: engagement.appointingOfficer?.appointedOn ?? '',
  });
  const [fresh, setFresh] = useState(engagement.freshValuationReason ?? '');
  const editable = engagement.myActions.actions.editReportFacts.allowed;
  // The classes sent, in order: the service's errors name them by their index in this list.
  const held = IBC_CLASS_ORDER.filter((c) => rows[c].memberId !== '');

  const save = useMutation({
    mutationFn: () =>
      call(
        api.PATCH('/api/v1/engagements/{id}', {
          params: { path: { id: engagement.id } },
          body: {
            valuerSet:
              held.length === 0
                ? null
                : {
                    classes: held.map((c) => ({
                      assetClass: c,
                      memberId: rows[c].memberId,
                      ...(rows[c].date || rows[c].inspected || rows[c].present
                        ? {
                            verification: {
                              date: rows[c].date,
                              inspected: rows[c].inspected.trim(),
                              present: rows[c].present.trim(),
                            },
                          }
                        : {}),
                    })),
                    // In liquidation no valuer coordinates; the service keeps one member there, the first held.
                    coordinatingValuerId: liquidation ? rows[held[0]].memberId : coordinating,
                  },
            ...(officer.name.trim() || officer.ibbiRegistration.trim() || officer.appointedOn
              ? {
                  appointingOfficer: {
                    name: officer.name.trim(),
                    role,
                    ibbiRegistration: officer.ibbiRegistration.trim(),
                    appointedOn: officer.appointedOn,
                  },
                }
              : {}),
            ...(liquidation ? { freshValuationReason: fresh.trim() === '' ? null : fresh.trim() } : {}),
          },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors() : {};
  const beside = (key: string, field = '') => (errors[key] ? sentence(errors[key], field) : undefined);
  const holders = Object.fromEntries(IBC_CLASS_ORDER.map((c) => [c, rows[c].memberId])) as Record<AssetClass, string>;
  const classErrorText = classErrorOf(errors, holders);
  const classError = (c: AssetClass, field: string) => {
    const message = classErrorText(c, field);
    return message ? sentence(message, field.split('.').pop()) : undefined;
  };
  const set = (c: AssetClass, patch: Partial<ClassRow>) => setRows({ ...rows, [c]: { ...rows[c], ...patch } });
  return (
    <Paper withBorder p="md" radius="md" data-testid="valuer-set">
      <Stack gap="sm">
        <Text fw={700}>{liquidation ? 'The registered valuers' : 'The set of registered valuers'}</Text>
        <Text size="sm" c="gray.8">
          {liquidation
            ? 'One valuer per asset class, each registered with IBBI for that class and verifying its assets in person, appointed by the liquidator within seven days of the liquidation commencement date (Liquidation Reg 35(2)).'
            : 'One valuer per asset class, each registered with IBBI for that class and verifying its assets in person; one of them is the coordinating valuer, who values the corporate debtor as a whole and approves the report.'}
        </Text>
        {engagement.appointmentWarnings.map((w) => (
          <Alert key={w.message} color="orange" variant="light" title="Appointment later than the regulation allows">
            {w.message}.
          </Alert>
        ))}
        <ClassHolders
          members={members}
          holders={holders}
          onHolder={(c, memberId) => set(c, { memberId })}
          coordinating={coordinating}
          onCoordinating={setCoordinating}
          errorFor={classError}
          coordinatingError={beside('valuerSet.coordinatingValuerId')}
          disabled={!editable}
          liquidation={liquidation}
          below={(c) => (
            <Group grow align="flex-start">
              <DateText
                label={`${IBC_CLASS_LABELS[c]}: verified on`}
                readOnly={!editable}
                value={rows[c].date}
                error={classError(c, 'verification.date') ?? classError(c, 'verification')}
                onChange={(date) => set(c, { date })}
              />
              <TextInput
                label={`${IBC_CLASS_LABELS[c]}: what was inspected`}
                readOnly={!editable}
                value={rows[c].inspected}
                error={classError(c, 'verification.inspected')}
                onChange={(e) => set(c, { inspected: e.currentTarget.value })}
              />
              <TextInput
                label={`${IBC_CLASS_LABELS[c]}: who was present`}
                readOnly={!editable}
                value={rows[c].present}
                error={classError(c, 'verification.present')}
                onChange={(e) => set(c, { present: e.currentTarget.value })}
              />
            </Group>
          )}
        />
        <Text size="sm" fw={600}>
          Appointed by the {APPOINTING_ROLE_LABELS[role].toLowerCase()}
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            readOnly={!editable}
            value={officer.name}
            error={beside('appointingOfficer.name', 'name')}
            onChange={(e) => setOfficer({ ...officer, name: e.currentTarget.value })}
          />
          <TextInput
            label="IBBI registration"
            description="e.g. IBBI/IPA-001/IP-P01234/2019-2020/12345"
            readOnly={!editable}
            value={officer.ibbiRegistration}
            error={beside('appointingOfficer.ibbiRegistration', 'ibbiRegistration')}
            onChange={(e) => setOfficer({ ...officer, ibbiRegistration: e.currentTarget.value })}
          />
          <DateText
            label={`Appointed ${APPOINTING_ROLE_LABELS[role].toLowerCase()} on`}
            readOnly={!editable}
            value={officer.appointedOn}
            error={beside('appointingOfficer.appointedOn', 'appointedOn') ?? beside('appointmentDate')}
            onChange={(appointedOn) => setOfficer({ ...officer, appointedOn })}
          />
        </Group>
        {liquidation ? (
          <Textarea
            label="Why a fresh valuation"
            description="Why the liquidator appointed valuers rather than taking the average of the CIRP estimates (Liquidation Reg 35(1)–(2))"
            autosize
            minRows={2}
            readOnly={!editable}
            value={fresh}
            error={beside('freshValuationReason')}
            onChange={(e) => setFresh(e.currentTarget.value)}
          />
        ) : null}
        {editable ? (
          <>
            <FormError
              error={save.error}
              title="Not saved"
              fieldsShown={['valuerSet', 'appointingOfficer', 'freshValuationReason', 'appointmentDate']}
            />
            <Group>
              <Button onClick={() => save.mutate()} loading={save.isPending} variant="light">
                {liquidation ? 'Save the valuers' : 'Save the set of valuers'}
              </Button>
              {save.isSuccess && !save.isPending ? (
                <Text size="sm" c="gray.9" role="status">
                  {liquidation ? 'The valuers are saved.' : 'The set of valuers is saved.'}
                </Text>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

// IBC: the insolvency facts the report states (docs/ibc-valuation.md, The insolvency facts), in the valuer's words:
// the NCLT bench, the petition and who filed it, the admission order (the insolvency commencement date), the interim
// resolution professional, the committee of creditors and the methodology meeting where one was held. Saved by PATCH
// (editable until GATE_3); the service's 400 on a date out of the Code's order shown beside its field.
import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, ApiError, type Schemas } from '../../api/client';
import { FormError } from '../FormError';
import { DateText } from '../DateField';
import { sentence } from '../../../../src/contract/sentences';
import {
  APPLICANT_KINDS,
  APPLICANT_KIND_SHORT,
  type ApplicantKind,
} from '../../../../src/contract/ibc-insolvency-facts';

type Engagement = Schemas['EngagementDetail'];

function draftOf(e: Engagement) {
  const f = e.insolvencyFacts;
  return {
    bench: f?.bench ?? '',
    petitionNumber: f?.petitionNumber ?? '',
    admissionOrderDate: f?.admissionOrderDate ?? (e.purpose === 'LIQUIDATION_REALISABLE_VALUE' ? '' : e.valuationDate),
    applicantName: f?.applicant.name ?? '',
    applicantKind: (f?.applicant.kind ?? '') as ApplicantKind | '',
    irpName: f?.interimResolutionProfessional.name ?? '',
    irpRegistration: f?.interimResolutionProfessional.ibbiRegistration ?? '',
    publicAnnouncementOn: f?.publicAnnouncementOn ?? '',
    cocConstitutedOn: f?.cocConstitutedOn ?? '',
    meetingOn: f?.methodologyMeeting?.heldOn ?? '',
    meetingNote: f?.methodologyMeeting?.note ?? '',
  };
}

export default function InsolvencyFacts({ engagement }: { engagement: Engagement }) {
  const client = useQueryClient();
  const liquidation = engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE';
  const [d, setD] = useState(() => draftOf(engagement));
  const editable = engagement.myActions.actions.editReportFacts.allowed;
  const set = (patch: Partial<typeof d>) => setD({ ...d, ...patch });
  const save = useMutation({
    mutationFn: () =>
      call(
        api.PATCH('/api/v1/engagements/{id}', {
          params: { path: { id: engagement.id } },
          body: {
            insolvencyFacts: {
              bench: d.bench.trim(),
              petitionNumber: d.petitionNumber.trim(),
              admissionOrderDate: d.admissionOrderDate,
              applicant: { name: d.applicantName.trim(), kind: (d.applicantKind || undefined) as ApplicantKind },
              interimResolutionProfessional: { name: d.irpName.trim(), ibbiRegistration: d.irpRegistration.trim() },
              ...(d.publicAnnouncementOn ? { publicAnnouncementOn: d.publicAnnouncementOn } : {}),
              ...(d.cocConstitutedOn ? { cocConstitutedOn: d.cocConstitutedOn } : {}),
              ...(d.meetingOn
                ? {
                    methodologyMeeting: {
                      heldOn: d.meetingOn,
                      ...(d.meetingNote.trim() ? { note: d.meetingNote.trim() } : {}),
                    },
                  }
                : {}),
            },
          },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors() : {};
  const beside = (key: string, field = key.split('.').pop()) =>
    errors[`insolvencyFacts.${key}`] ? sentence(errors[`insolvencyFacts.${key}`], field) : undefined;
  return (
    <Paper withBorder p="md" radius="md" data-testid="insolvency-facts">
      <Stack gap="sm">
        <Text fw={700}>The insolvency</Text>
        <Text size="sm" c="gray.8">
          As the admission order and the process records give them; the report states them in the background of the
          corporate debtor. The admission order&apos;s date is the insolvency commencement date
          {liquidation ? '; the liquidation commencement date is the valuation date.' : ', the valuation date.'}
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label="NCLT bench"
            description="e.g. National Company Law Tribunal, Mumbai Bench"
            readOnly={!editable}
            value={d.bench}
            error={beside('bench')}
            onChange={(e) => set({ bench: e.currentTarget.value })}
          />
          <TextInput
            label="Company petition number"
            description="e.g. C.P. (IB) No. 512/MB/2025"
            readOnly={!editable}
            value={d.petitionNumber}
            error={beside('petitionNumber')}
            onChange={(e) => set({ petitionNumber: e.currentTarget.value })}
          />
          <DateText
            label="Admission order dated"
            readOnly={!editable}
            value={d.admissionOrderDate}
            error={beside('admissionOrderDate')}
            onChange={(admissionOrderDate) => set({ admissionOrderDate })}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Filed by"
            readOnly={!editable}
            value={d.applicantName}
            error={beside('applicant.name', 'name')}
            onChange={(e) => set({ applicantName: e.currentTarget.value })}
          />
          <Select
            label="As"
            readOnly={!editable}
            data={APPLICANT_KINDS.map((k) => ({ value: k, label: APPLICANT_KIND_SHORT[k] }))}
            value={d.applicantKind || null}
            error={beside('applicant.kind', 'kind') ?? beside('applicant')}
            onChange={(v) => set({ applicantKind: (v ?? '') as ApplicantKind | '' })}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Interim resolution professional"
            readOnly={!editable}
            value={d.irpName}
            error={beside('interimResolutionProfessional.name', 'name')}
            onChange={(e) => set({ irpName: e.currentTarget.value })}
          />
          <TextInput
            label="Their IBBI registration"
            description="e.g. IBBI/IPA-001/IP-P01234/2019-2020/12345"
            readOnly={!editable}
            value={d.irpRegistration}
            error={beside('interimResolutionProfessional.ibbiRegistration', 'ibbiRegistration')}
            onChange={(e) => set({ irpRegistration: e.currentTarget.value })}
          />
          <DateText
            label="Public announcement made on"
            description="Inviting claims; within three days of the interim resolution professional's appointment"
            readOnly={!editable}
            value={d.publicAnnouncementOn}
            error={beside('publicAnnouncementOn')}
            onChange={(publicAnnouncementOn) => set({ publicAnnouncementOn })}
          />
          <DateText
            label="Committee of creditors constituted on"
            readOnly={!editable}
            value={d.cocConstitutedOn}
            error={beside('cocConstitutedOn')}
            onChange={(cocConstitutedOn) => set({ cocConstitutedOn })}
          />
        </Group>
        <Group grow align="flex-start">
          <DateText
            label={liquidation ? 'Methodology meeting held on' : 'Methodology explained to the committee on'}
            description="Leave empty where no meeting was held"
            readOnly={!editable}
            value={d.meetingOn}
            error={beside('methodologyMeeting.heldOn', 'heldOn')}
            onChange={(meetingOn) => set({ meetingOn })}
          />
          <Textarea
            label="How the meeting went"
            description="Who attended, what was explained, what was asked"
            autosize
            minRows={1}
            readOnly={!editable}
            value={d.meetingNote}
            error={beside('methodologyMeeting.note', 'note')}
            onChange={(e) => set({ meetingNote: e.currentTarget.value })}
          />
        </Group>
        {editable ? (
          <>
            <FormError error={save.error} title="Not saved" fieldsShown={['insolvencyFacts']} />
            <Group>
              <Button onClick={() => save.mutate()} loading={save.isPending} variant="light">
                Save the insolvency facts
              </Button>
              {save.isSuccess && !save.isPending ? (
                <Text size="sm" c="gray.9" role="status">
                  The insolvency facts are saved.
                </Text>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

// The gate the engagement is at: approve, or return for revision / decline with a reason. Whether this
// person may decide it, and why not, comes from the server (myActions on GET /engagements/{id}), decided by
// the very rules that would refuse the decision: the console works none of them out itself.
import { useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { flash } from '../../lib/flash';
import { useMe } from '../../lib/session';
import { rupees } from '../../lib/format';
import { useValuation } from './Valuation';
import { api, call, ApiError, type Schemas } from '../../api/client';
import { FormError } from '../FormError';
import { sentence } from '../../../../src/contract/sentences';
import { gateLabel } from '../../../../src/contract/stages';

type Engagement = Schemas['EngagementDetail'];
export type Gate = NonNullable<Schemas['MyActions']['gate']>;

export function GateDecision({ gate, engagement }: { gate: Gate; engagement: Engagement }) {
  const client = useQueryClient();
  const { canApprove, canReject, blockedBecause } = engagement.myActions;
  const [comment, setComment] = useState('');
  // The firm's usual place of signing is offered (Firm settings); the partner may change it.
  const firmPlace = useMe().data?.firm.defaultSigningPlace ?? '';
  const [typedPlace, setPlace] = useState<string | null>(null);
  const place = typedPlace ?? firmPlace;
  const [udin, setUdin] = useState('');
  // IBC: who signs each registration class's estimate; a class left to the default is signed by the partner.
  const [classSignatories, setClassSignatories] = useState<Record<string, string>>({});
  const classes = engagement.signatory?.classes ?? [];
  const named = Object.fromEntries(Object.entries(classSignatories).filter(([, id]) => id !== ''));
  // Signing off records where, and the UDIN when the signatory signs as a chartered accountant.
  // An empty field is not sent, so the service's own sentence for a missing place comes back beside it.
  const signing =
    gate === 'GATE_3'
      ? {
          ...(place.trim() ? { place: place.trim() } : {}),
          ...(udin.trim() ? { udin: udin.trim() } : {}),
          ...(Object.keys(named).length > 0 ? { classSignatories: named } : {}),
        }
      : {};
  const [confirming, setConfirming] = useState(false);
  // Who is named on this engagement, for the summary before signing off and the confirmations after.
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => call(api.GET('/api/v1/team', { params: { query: { limit: 200 } } })),
  });
  const valuation = useValuation(engagement);
  const valuer = engagement.assignedValuer?.name ?? 'the valuer';
  const done = (said: string) => () => {
    setComment('');
    setConfirming(false);
    flash(said);
    return client.invalidateQueries({ queryKey: ['engagement', engagement.id] });
  };
  const c = valuation.data?.conclusion;
  const total = c?.fairValue?.totalValue ?? c?.liquidationValue?.totalValue;
  const value = c?.valuePerShare
    ? `${rupees(c.valuePerShare)} per share`
    : total
      ? `${rupees(total)} (assets, in total)`
      : 'as the Valuation tab shows';
  // The class signatories named here and, where a set is recorded, the set's members (the service's default).
  const signatoryIds = [...Object.values(named), ...(engagement.valuerSet?.classes.map((c) => c.memberId) ?? [])];
  const signatoryNames = [...new Set(signatoryIds)].map(
    (id) => team.data?.find((m) => m.id === id)?.name ?? 'a colleague',
  );
  const toldOfSignOff = [valuer, ...signatoryNames].filter((n, i, all) => all.indexOf(n) === i).join(', ');
  const approve = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/v1/engagements/{id}/gates/{gate}/approve', {
          params: { path: { id: engagement.id, gate } },
          body: { ...(comment.trim() ? { comment: comment.trim() } : {}), ...signing },
        }),
      ),
    onSuccess: done(
      gate === 'GATE_3'
        ? `Signed off. The final report is being prepared; ${toldOfSignOff} ${signatoryNames.length ? 'are' : 'is'} told by e-mail.`
        : `${gateLabel(gate)} approved. Whoever acts next is told by e-mail.`,
    ),
    onError: () => setConfirming(false),
  });
  // A refused sign-off names its field (/place, /udin): the sentence goes beside that field, marked.
  const fieldErrors = approve.error instanceof ApiError ? approve.error.fieldErrors() : {};
  const besideField = (name: string) => (fieldErrors[name] ? sentence(fieldErrors[name], name) : undefined);
  // IBC with a set recorded: each class is signed by the set's member for it (the service's default).
  const setHolder = (assetClass: string) => engagement.valuerSet?.classes.find((c) => c.assetClass === assetClass);
  const reject = useMutation({
    mutationFn: (outcome: 'DECLINE' | 'REVISE') =>
      call(
        api.POST('/api/v1/engagements/{id}/gates/{gate}/reject', {
          params: { path: { id: engagement.id, gate } },
          body: { reason: comment.trim(), outcome },
        }),
      ),
    onSuccess: (_d, outcome) =>
      done(
        outcome === 'REVISE'
          ? `Returned for revision to ${valuer}, who is told by e-mail with your reason.`
          : 'Declined: the engagement has ended.',
      )(),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Group gap="xs">
          <Text fw={700}>{gateLabel(gate)}</Text>
          <Badge color="orange">pending</Badge>
        </Group>
        {blockedBecause && (
          <Alert
            color="gray"
            title={canReject ? 'You cannot approve this gate' : 'You cannot decide this gate'}
            data-testid="gate-blocker"
          >
            {blockedBecause}
          </Alert>
        )}
        {(canApprove || canReject) && (
          <>
            <Textarea
              label="Comment"
              description={
                canApprove
                  ? "Optional for approval; a rejection needs a reason of at least 10 characters. Reviewers' comments stay in the firm: they never print in the client's report."
                  : "A rejection needs a reason of at least 10 characters. Reviewers' comments stay in the firm: they never print in the client's report."
              }
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            {gate === 'GATE_3' && canApprove ? (
              <Group grow align="flex-start">
                <TextInput
                  label="Place of signing"
                  description="Printed in the signature block, e.g. Mumbai"
                  required
                  value={place}
                  error={besideField('place')}
                  onChange={(e) => setPlace(e.currentTarget.value)}
                />
                <TextInput
                  label="UDIN"
                  description="18 characters; required when you sign as a chartered accountant"
                  value={udin}
                  error={besideField('udin')}
                  onChange={(e) => setUdin(e.currentTarget.value)}
                  maxLength={18}
                />
              </Group>
            ) : null}
            {gate === 'GATE_3' && canApprove && classes.length > 0 ? (
              <Stack gap="xs" data-testid="class-signatories">
                <Text size="sm" fw={600}>
                  Each asset class is signed by a valuer registered with IBBI for it
                </Text>
                {classes.map((c) =>
                  setHolder(c.assetClass) ? (
                    <TextInput
                      key={c.assetClass}
                      label={`Signs the ${c.name} estimate`}
                      readOnly
                      value={
                        team.data?.find((m) => m.id === setHolder(c.assetClass)?.memberId)?.name ??
                        "The set's valuer for this class"
                      }
                      description={`The set's valuer for ${c.name}, who verified its assets${engagement.valuerSet?.coordinatingValuerId === setHolder(c.assetClass)?.memberId ? '; the coordinating valuer, who approves the report as a whole' : ''}`}
                      error={besideField(`classSignatories.${c.assetClass}`)}
                    />
                  ) : (
                    <NativeSelect
                      key={c.assetClass}
                      label={`Signs the ${c.name} estimate`}
                      value={classSignatories[c.assetClass] ?? ''}
                      onChange={(e) =>
                        setClassSignatories({ ...classSignatories, [c.assetClass]: e.currentTarget.value })
                      }
                      data={[
                        { value: '', label: 'The partner signing off' },
                        ...c.qualifiedMembers.map((m) => ({ value: m.id, label: `${m.name} · ${m.registration}` })),
                      ]}
                      description={
                        c.qualifiedMembers.length === 0
                          ? `No member of the firm is registered for ${c.name} yet.`
                          : undefined
                      }
                      error={besideField(`classSignatories.${c.assetClass}`)}
                    />
                  ),
                )}
              </Stack>
            ) : null}
            {confirming && (
              <Alert color="indigo" title="Sign off this report?" data-testid="sign-off-summary">
                <Stack gap={6}>
                  <Text size="sm">
                    Value: <strong>{value}</strong>
                  </Text>
                  <Text size="sm">
                    Place of signing: <strong>{place.trim() || 'not given'}</strong> · UDIN:{' '}
                    <strong>{udin.trim() || 'none'}</strong>
                  </Text>
                  <Text size="sm">Told by e-mail: {toldOfSignOff}.</Text>
                  <Text size="sm">The signed FINAL cannot be changed once issued.</Text>
                  <Group>
                    <Button
                      color="green.8"
                      onClick={() => approve.mutate()}
                      loading={approve.isPending}
                      data-testid="confirm-sign-off"
                    >
                      Sign off now
                    </Button>
                    <Button variant="default" onClick={() => setConfirming(false)}>
                      Go back
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            <FormError
              error={approve.error ?? reject.error}
              title="Not recorded"
              fieldsShown={gate === 'GATE_3' ? ['place', 'udin', 'classSignatories'] : false}
            />
            <Group>
              {canApprove && (
                <Button
                  color="green.8"
                  onClick={() => (gate === 'GATE_3' ? setConfirming(true) : approve.mutate())}
                  loading={approve.isPending}
                  disabled={confirming}
                >
                  {gate === 'GATE_3' ? 'Approve Gate 3 (sign off)…' : `Approve ${gateLabel(gate).replace(/:.*/, '')}`}
                </Button>
              )}
              {canReject && (
                <>
                  <Button
                    color="orange.9"
                    variant="outline"
                    onClick={() => reject.mutate('REVISE')}
                    loading={reject.isPending}
                    disabled={comment.trim().length < 10}
                    title="Back to the valuer: new assumptions, a new round; the payment stands"
                  >
                    Return for revision
                  </Button>
                  <Button
                    color="red.9"
                    variant="outline"
                    onClick={() =>
                      window.confirm('Decline for good? The engagement ends as FAILED.') && reject.mutate('DECLINE')
                    }
                    loading={reject.isPending}
                    disabled={comment.trim().length < 10}
                  >
                    Decline
                  </Button>
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

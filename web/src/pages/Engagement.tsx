// One engagement: status and the stage timeline, then its documents, assumptions, valuation,
// review (gates, payment, report) and trail. The tab is in the address (?tab=valuation).
import { lazy, Suspense } from 'react';
import { Busy } from '../components/Busy';
import { Alert, Anchor, Badge, Group, Stack, Stepper, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, call } from '../api/client';
import { useMe } from '../lib/session';
import { useLiveEvents, pollWhenDown } from '../lib/live';
import { date, PURPOSE_LABELS, rupees, STATUS_COLORS, STATUS_LABELS } from '../lib/format';
import { lawName } from '../../../src/contract/vocabulary';
import { Documents } from '../components/engagement/Documents';
import { Assumptions } from '../components/engagement/Assumptions';
import { ValuationView, inUnit, unitOf, useValuation } from '../components/engagement/Valuation';
import { Review } from '../components/engagement/Review';
import { Trail } from '../components/engagement/Trail';
import { EditDetails } from '../components/engagement/Details';
import { Assignee } from '../components/engagement/Assignee';
import { FormError } from '../components/FormError';
import { STAGE_TIMELINE, VALUED_STAGES, inStages, isGate } from '../../../src/contract/stages';
import { PageTitle } from '../components/PageTitle';
import { Flash } from '../lib/flash';

// IBC only: the set of valuers, in a chunk of its own.
const ValuerSet = lazy(() => import('../components/engagement/ValuerSet'));
const InsolvencyFacts = lazy(() => import('../components/engagement/InsolvencyFacts'));

const STAGES = STAGE_TIMELINE;
const TABS = ['data', 'assumptions', 'valuation', 'review', 'trail'] as const;

export default function EngagementPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'data';
  const { data: me } = useMe();
  const { live } = useLiveEvents(id);
  // On a phone the eight-stage timeline is one line: "Step 3 of 8: Data ready".
  const narrow = useMediaQuery('(max-width: 40em)');
  const eng = useQuery({
    queryKey: ['engagement', id],
    queryFn: () => call(api.GET('/api/v1/engagements/{id}', { params: { path: { id } } })),
    refetchInterval: pollWhenDown(live),
  });
  const events = useQuery({
    queryKey: ['engagement', id, 'events', eng.data?.status, eng.data?.paymentStatus],
    queryFn: () =>
      call(api.GET('/api/v1/engagements/{id}/events', { params: { path: { id }, query: { limit: 200 } } })),
    enabled: !!eng.data,
  });
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => call(api.GET('/api/v1/team', { params: { query: { limit: 200 } } })),
    enabled: me?.kind === 'user',
  });
  const e = eng.data;
  const valuation = useValuation(e ?? ({ id, status: 'CREATED' } as never));
  if (!e)
    return eng.isPending ? (
      <Busy label="Loading engagement" />
    ) : (
      <FormError error={eng.error} title="Engagement not found" />
    );
  const names = Object.fromEntries((team.data ?? []).map((m) => [m.id, m.name]));
  const stageIndex = e.status === 'FAILED' ? -1 : STAGES.indexOf(e.status as (typeof STAGES)[number]);
  // IBC values the assets: its headline is their total, never a value per share.
  // Only while a valuation stands: a round returned for revision (DATA_READY) shows no stale value.
  const current = inStages(VALUED_STAGES, e.status) ? valuation.data : undefined;
  const concluded = current?.conclusion.valuePerShare;
  const assetsTotal = current?.conclusion.fairValue?.totalValue ?? current?.conclusion.liquidationValue?.totalValue;

  return (
    <Stack>
      <Anchor component={Link} to="/engagements" size="sm">
        ← Engagements
      </Anchor>
      <Flash />
      <Group justify="space-between" align="start" wrap="wrap">
        <Stack gap={2}>
          <PageTitle style={{ overflowWrap: 'anywhere' }}>{e.targetEntity}</PageTitle>
          <Text size="sm" c="gray.7">
            {lawName(e.statute, e.transactionDate)}
            {e.purpose ? ` · ${PURPOSE_LABELS[e.purpose] ?? e.purpose}` : ''} · valuation date {date(e.valuationDate)}
            {e.transactionDate !== e.valuationDate ? ` · transaction date ${date(e.transactionDate)}` : ''}
            {e.cin ? ` · CIN ${e.cin}` : ''}
            {e.proposedPricePerShare ? ` · proposed price ${rupees(e.proposedPricePerShare)} per share` : ''}
          </Text>
          <Group gap="xs" mt={4}>
            <EditDetails engagement={e} />
          </Group>
          <Assignee engagement={e} team={team.data} />
        </Stack>
        <Stack gap={4} align="end">
          <Badge
            size="lg"
            color={STATUS_COLORS[e.status] ?? 'gray'}
            data-testid="engagement-status"
            data-status={e.status}
          >
            {STATUS_LABELS[e.status]}
          </Badge>
          {e.awaitingPartnerSignature && (
            <Text size="sm" fw={700} data-testid="awaiting-partner-signature">
              Awaiting the partner's signature
            </Text>
          )}
          {concluded && (
            <Text fw={700} data-testid="header-value">
              {rupees(concluded)} per share
            </Text>
          )}
          {!concluded && assetsTotal && (
            <Text fw={700} data-testid="header-value">
              {inUnit(assetsTotal, unitOf(current?.methods.flatMap((m) => m.lines) ?? []))} (assets, in total)
            </Text>
          )}
          <Text size="xs" c="gray.7" aria-live="polite">
            {live ? 'Live' : 'Refreshing every few seconds'}
          </Text>
        </Stack>
      </Group>
      {e.status === 'FAILED' && (
        <Alert color="red" title="Failed">
          {e.failureReason}
        </Alert>
      )}
      {narrow ? (
        <Text size="sm" fw={600} data-testid="stage-step">
          {stageIndex < 0
            ? 'Ended (failed)'
            : `Step ${stageIndex + 1} of ${STAGES.length}: ${STATUS_LABELS[STAGES[stageIndex]]}`}
        </Text>
      ) : (
        <Stepper
          active={stageIndex < 0 ? 0 : stageIndex === STAGES.length - 1 ? STAGES.length : stageIndex}
          size="xs"
          allowNextStepsSelect={false}
          aria-label="Stage timeline"
          styles={{ steps: { flexWrap: 'wrap', rowGap: 8 }, separator: { minWidth: 8 } }}
        >
          {STAGES.map((s) => (
            <Stepper.Step key={s} label={STATUS_LABELS[s].replace(/ · .*/, '')} />
          ))}
        </Stepper>
      )}
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? 'data' }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="data">Documents</Tabs.Tab>
          <Tabs.Tab value="assumptions">Assumptions</Tabs.Tab>
          <Tabs.Tab value="valuation">Valuation</Tabs.Tab>
          <Tabs.Tab value="review">Review{isGate(e.status) ? ' •' : ''}</Tabs.Tab>
          <Tabs.Tab value="trail">Trail</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data" pt="md">
          {e.statute === 'IBC_LIQUIDATION' ? (
            <Suspense fallback={null}>
              <Stack gap="md" mb="md">
                <InsolvencyFacts engagement={e} />
                <ValuerSet engagement={e} />
              </Stack>
            </Suspense>
          ) : null}
          <Documents engagement={e} />
        </Tabs.Panel>
        <Tabs.Panel value="assumptions" pt="md">
          <Assumptions engagement={e} />
        </Tabs.Panel>
        <Tabs.Panel value="valuation" pt="md">
          <ValuationView engagement={e} />
        </Tabs.Panel>
        <Tabs.Panel value="review" pt="md">
          <Review engagement={e} />
        </Tabs.Panel>
        <Tabs.Panel value="trail" pt="md">
          <Trail events={events.data ?? []} names={names} engagementId={e.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

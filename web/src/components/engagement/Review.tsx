// Review: the gate the engagement is at, the report facts, who may sign, payment, the report, the
// partner's DSC once completed, and the internal review record; each panel in its own file.
import { lazy, Suspense } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '../../api/client';
import { ReportFacts } from './ReportFacts';
import { GateDecision } from './ReviewGate';
import { Signatory } from './ReviewSignatory';
import { Payment } from './ReviewPayment';
import { Report, ReviewRecord } from './ReviewReport';
import { PartnerSignature } from './ReviewPartnerSignature';

// The transaction and the appointment's basis, in a chunk of its own, loaded when the review panel shows.
const TransactionFacts = lazy(() => import('./TransactionFacts'));

export function Review({ engagement }: { engagement: Schemas['EngagementDetail'] }) {
  const gate = engagement.myActions.gate;
  return (
    <Stack>
      <Title order={2} size="h3">
        Review
      </Title>
      {gate ? (
        <GateDecision gate={gate} engagement={engagement} />
      ) : (
        <Text c="gray.7">
          {engagement.status === 'COMPLETED'
            ? 'All three gates are approved.'
            : engagement.status === 'FAILED'
              ? 'The engagement has ended.'
              : 'Gates open once the valuation is computed.'}
        </Text>
      )}
      <ReportFacts engagement={engagement} />
      <Suspense fallback={null}>
        <TransactionFacts engagement={engagement} />
      </Suspense>
      {engagement.signatory && <Signatory signatory={engagement.signatory} />}
      <Payment engagement={engagement} />
      <Report engagement={engagement} />
      {engagement.status === 'COMPLETED' && <PartnerSignature engagement={engagement} />}
      <ReviewRecord engagement={engagement} />
    </Stack>
  );
}

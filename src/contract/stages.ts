// The engagement's stages (statuses), named once for the server, the API schemas and the console, with the
// groups of stages the rules and the pages ask about. The lifecycle itself, which stage follows which, is the
// state machine's (src/domain/engagement/state-machine.ts).
export const ENGAGEMENT_STATUSES = [
  'CREATED',
  'DATA_INGESTING',
  'DATA_READY',
  'COMPUTING',
  'GATE_1',
  'GATE_2',
  'GATE_3',
  'COMPLETED',
  'FAILED',
] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

/** The three human review gates, in order. */
export const GATES = ['GATE_1', 'GATE_2', 'GATE_3'] as const satisfies readonly EngagementStatus[];
export type Gate = (typeof GATES)[number];

/** The timeline a successful engagement walks, in order (FAILED is an end off it). */
export const STAGE_TIMELINE = ENGAGEMENT_STATUSES.filter(
  (s): s is Exclude<EngagementStatus, 'FAILED'> => s !== 'FAILED',
);

/** Before the computation starts: the details, the assumptions and supporting documents are still open. */
export const INPUT_STAGES = ['CREATED', 'DATA_INGESTING', 'DATA_READY'] as const satisfies readonly EngagementStatus[];

/** A valuation stands: from GATE_1 to COMPLETED. */
export const VALUED_STAGES = [...GATES, 'COMPLETED'] as const satisfies readonly EngagementStatus[];

/** Financials are accepted and stand: DATA_READY onwards, short of FAILED. */
export const FINANCIALS_STAGES = [
  'DATA_READY',
  'COMPUTING',
  ...VALUED_STAGES,
] as const satisfies readonly EngagementStatus[];

/** The report's facts may be corrected until the report is signed (GATE_3 approved). */
export const REPORT_FACTS_STAGES = [
  ...INPUT_STAGES,
  'COMPUTING',
  ...GATES,
] as const satisfies readonly EngagementStatus[];

/** A FINANCIALS file may be uploaded (not while another is being ingested). */
export const FINANCIALS_UPLOAD_STAGES = ['CREATED', 'DATA_READY'] as const satisfies readonly EngagementStatus[];

/** Where something may wait for a person ("Waiting for me"): locking, the gates, the partner's DSC. */
export const INBOX_STAGES = ['DATA_READY', ...VALUED_STAGES] as const satisfies readonly EngagementStatus[];

/** Whether `status` is one of `stages` (a status of any string type, as the API gives it). */
export const inStages = <S extends string>(stages: readonly S[], status: string): status is S =>
  (stages as readonly string[]).includes(status);

export const isGate = (status: string): status is Gate => inStages(GATES, status);

/** Arrivals someone is mailed about: a review waiting (GATE_2), a sign-off waiting (GATE_3), the completion. */
export const MAILED_STAGES = ['GATE_2', 'GATE_3', 'COMPLETED'] as const satisfies readonly EngagementStatus[];

/**
 * What each gate reviews: its one name, for the console, the report and its review record, the inbox and the
 * mails alike (the report's statute text says the same three: src/reports/statute-text.ts).
 */
export const GATE_NAMES: Readonly<Record<Gate, string>> = {
  GATE_1: 'data verification',
  GATE_2: 'methodology and assumptions',
  GATE_3: 'final sign-off',
};

/** A gate by its number: "Gate 2". */
export const gateNumber = (gate: Gate): string => `Gate ${GATES.indexOf(gate) + 1}`;

/** A gate as a heading or a label: "Gate 2: methodology and assumptions". */
export const gateLabel = (gate: Gate): string => `${gateNumber(gate)}: ${GATE_NAMES[gate]}`;

/** A gate within a sentence: "Gate 2 (methodology and assumptions)". */
export const gateInWords = (gate: Gate): string => `${gateNumber(gate)} (${GATE_NAMES[gate]})`;

/** Any status as a gate's label when it is one, else as it is (a review record's gate, read from storage). */
export const gateLabelOf = (status: string): string => (isGate(status) ? gateLabel(status) : status);

/** Each stage in people's words, as the console and the API's sentences name it. */
export const STAGE_WORDS: Readonly<Record<EngagementStatus, string>> = {
  CREATED: 'Created',
  DATA_INGESTING: 'Ingesting data',
  DATA_READY: 'Data ready',
  COMPUTING: 'Computing',
  GATE_1: gateLabel('GATE_1'),
  GATE_2: gateLabel('GATE_2'),
  GATE_3: gateLabel('GATE_3'),
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};

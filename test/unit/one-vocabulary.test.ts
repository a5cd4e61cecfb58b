// One vocabulary: the audit action names, the role list, the stage list, the groups of stages, the gates'
// labels and the event type list are written in src/contract only. Server, route schemas and console import
// them from there; a list, a union type ('GATE_1' | 'GATE_2'), an || chain (s === 'GATE_1' || s === 'GATE_2'),
// a group re-spelled from pieces ([...GATES, 'COMPLETED'], startsWith('GATE_')), a table of gate labels or an
// action name written out anywhere else fails here, so a second copy cannot drift from the first unnoticed. A
// single literal compared with a typed value (me.role === 'ADMIN') is fine: the compiler checks it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { AUDIT, ENGAGEMENT_ACTIONS, transitionAuditAction } from '../../src/contract/audit-actions.js';
import { ROLES } from '../../src/contract/roles.js';
import { ENGAGEMENT_EVENT_TYPES } from '../../src/contract/events.js';
import { ENGAGEMENT_STATUSES, GATES } from '../../src/contract/stages.js';
import * as stateMachine from '../../src/domain/engagement/state-machine.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
  });
}

/** The sources checked: the server and the console, their shared contract and the generated client aside. */
const SOURCES = [...files('src'), ...files(join('web', 'src'))].filter(
  (f) => !f.startsWith(join('src', 'contract') + sep) && !f.startsWith(join('web', 'src', 'api') + sep),
);

/**
 * The state machine keeps its own ENGAGEMENT_STATUSES and GATES until the domain imports them from the
 * contract; the test below holds the two copies equal meanwhile.
 */

const alternation = (words: readonly string[]) => words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** Two of the words quoted one after the other in a list: ['ADMIN', 'VALUER'], IN ('GATE_1', 'GATE_2'). */
const listOf = (words: readonly string[]) => {
  const one = `['"\`](?:${alternation(words)})['"\`]`;
  return new RegExp(`${one}\\s*,\\s*${one}`);
};

const quoted = (words: readonly string[]) => `['"\`](?:${alternation(words)})['"\`]`;
/** Two of the words joined in a union type: 'GATE_1' | 'GATE_2' (not ||). */
const unionOf = (words: readonly string[]) => new RegExp(`${quoted(words)}\\s*\\|(?!\\|)\\s*${quoted(words)}`);
/**
 * Two comparisons with the words joined in a chain: s === 'GATE_1' || s === 'GATE_2', or its negation
 * s !== 'CREATED' && s !== 'DATA_READY' (a group spelled out as a condition).
 */
const chainOf = (words: readonly string[]) => {
  const operand = String.raw`[\w$.?!()\[\]]+`;
  return new RegExp(
    `===\\s*${quoted(words)}\\s*\\|\\|\\s*${operand}\\s*===\\s*${quoted(words)}|` +
      `!==\\s*${quoted(words)}\\s*&&\\s*${operand}\\s*!==\\s*${quoted(words)}`,
  );
};
/**
 * A stage group re-spelled from pieces: a stage beside a spread group ([...GATES, 'COMPLETED'], the contract's
 * VALUED_STAGES), or the gates by their prefix (status.startsWith('GATE_'), the contract's isGate).
 */
const respelledGroup = (words: readonly string[]) =>
  new RegExp(
    `${quoted(words)}\\s*,\\s*\\.\\.\\.[\\w$.]+|\\.\\.\\.[\\w$.]+\\s*,\\s*${quoted(words)}|` +
      `startsWith\\(\\s*['"\`]GATE`,
  );

function offenders(pattern: RegExp, except: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const f of SOURCES) {
    if (except.includes(f)) continue;
    // The whole text, so a list formatted one item a line is found too.
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(new RegExp(pattern.source, 'g'))) {
      found.push(`${f}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

test('the sources checked include the server and the console', () => {
  assert.ok(SOURCES.some((f) => f.startsWith(join('web', 'src', 'pages'))));
  assert.ok(SOURCES.some((f) => f.startsWith(join('src', 'http', 'routes'))));
  assert.ok(!SOURCES.some((f) => f.startsWith(join('src', 'contract') + sep)));
});

test('no audit action name is written outside src/contract', () => {
  // 'payment.captured' is an event type too, and an event type may be written as a typed literal.
  const names = [...Object.values(AUDIT), ...ENGAGEMENT_ACTIONS.map(transitionAuditAction)].filter(
    (n) => !(ENGAGEMENT_EVENT_TYPES as readonly string[]).includes(n),
  );
  assert.ok(names.length > 40);
  assert.deepEqual(offenders(new RegExp(`['"\`](?:${alternation(names)})['"\`]`)), []);
});

test('no list of roles is written outside src/contract', () => {
  assert.match("z.enum(['ADMIN', 'VALUER', 'VIEWER'])", listOf(ROLES));
  assert.deepEqual(offenders(listOf(ROLES)), []);
});

test('no list of stages is written outside src/contract', () => {
  assert.match("['GATE_1', 'GATE_2', 'GATE_3'].includes(status)", listOf(ENGAGEMENT_STATUSES));
  assert.match("e.status IN ('GATE_1', 'GATE_2')", listOf(ENGAGEMENT_STATUSES));
  assert.match("[\n  'CREATED',\n  'DATA_READY',\n]", listOf(ENGAGEMENT_STATUSES));
  // The state machine too: its table says which stage follows which, the stages themselves come from the contract.
  assert.deepEqual(offenders(listOf(ENGAGEMENT_STATUSES)), []);
  assert.equal(stateMachine.ENGAGEMENT_STATUSES, ENGAGEMENT_STATUSES);
  assert.equal(stateMachine.GATES, GATES);
});

test('no union, || chain or re-spelled group of stages is written outside src/contract', () => {
  // The patterns find what they are for…
  assert.match("gate: 'GATE_1' | 'GATE_2' | 'GATE_3'", unionOf(ENGAGEMENT_STATUSES));
  assert.match("Record<\n  | 'GATE_1'\n  | 'GATE_2',\n  string>", unionOf(ENGAGEMENT_STATUSES));
  assert.match("s === 'GATE_1' || s === 'GATE_2'", chainOf(ENGAGEMENT_STATUSES));
  assert.match("e.status === 'COMPLETED' ||\n e.status === 'FAILED'", chainOf(ENGAGEMENT_STATUSES));
  assert.match("status !== 'CREATED' && status !== 'DATA_READY'", chainOf(ENGAGEMENT_STATUSES));
  assert.match("[...GATES, 'COMPLETED']", respelledGroup(ENGAGEMENT_STATUSES));
  assert.match("['DATA_READY', ...VALUED_STAGES]", respelledGroup(ENGAGEMENT_STATUSES));
  assert.match("from.startsWith('GATE_')", respelledGroup(ENGAGEMENT_STATUSES));
  // …and leave alone what is not a group: one stage, a union with another vocabulary's word, || across fields.
  assert.doesNotMatch("type PaymentStatus = 'CREATED' | 'CAPTURED' | 'FAILED'", unionOf(ENGAGEMENT_STATUSES));
  assert.doesNotMatch("a === 'GATE_3' || b.role === 'ADMIN'", chainOf(ENGAGEMENT_STATUSES));
  assert.doesNotMatch("status === 'GATE_3' && role === 'ADMIN'", chainOf(ENGAGEMENT_STATUSES));
  assert.deepEqual(offenders(unionOf(ENGAGEMENT_STATUSES)), []);
  assert.deepEqual(offenders(chainOf(ENGAGEMENT_STATUSES)), []);
  assert.deepEqual(offenders(respelledGroup(ENGAGEMENT_STATUSES)), []);
});

test('no union or || chain of roles is written outside src/contract', () => {
  assert.match("role: 'ADMIN' | 'VALUER'", unionOf(ROLES));
  assert.deepEqual(offenders(unionOf(ROLES)), []);
  assert.deepEqual(offenders(chainOf(ROLES)), []);
});

test("the gates' labels are written once, in src/contract (GATE_NAMES)", () => {
  // A table that names a gate: GATE_2: 'Gate 2 · second review', { GATE_1: 'Gate 1', … }.
  const gateTable = /\bGATE_[123]['"`]?\s*:\s*['"`][^'"`\n]*Gate/;
  assert.match("  GATE_2: 'Gate 2 · second review',", gateTable);
  assert.match("{ GATE_1: 'Gate 1', GATE_2: 'Gate 2' }", gateTable);
  assert.doesNotMatch("  GATE_2: 'orange',", gateTable);
  assert.deepEqual(offenders(gateTable), []);
  // Nor a gate's name spelled from its code: from.replace('GATE_', 'Gate ').
  assert.deepEqual(offenders(/replace\(\s*['"`]GATE_/), []);
});

test('no list of event types is written outside src/contract', () => {
  assert.deepEqual(offenders(listOf(ENGAGEMENT_EVENT_TYPES)), []);
});

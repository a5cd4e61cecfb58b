// A small strict parser of the Prometheus text exposition format (0.0.4), for tests that scrape /metrics.
// It throws, naming the line, on anything the format does not allow: a malformed name, label or value, a
// sample before its family's TYPE or of another family, a series twice, HELP/TYPE twice, a histogram whose
// buckets are not cumulative or whose +Inf bucket differs from its _count, or text without a final newline.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help?: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** A float as Prometheus reads one (Go's ParseFloat): NaN and Inf in any letter case (prom-client writes `Nan`). */
function parseValue(text: string, where: string): number {
  if (/^[+]?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text))
    throw new Error(`${where}: bad value ${JSON.stringify(text)}`);
  return Number(text);
}

/** Parses `{a="x",b="y"}` starting at `i` (the brace); returns the labels and the index after the closing brace. */
function parseLabels(line: string, i: number, where: string): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  i++; // {
  while (true) {
    if (line[i] === '}') return [labels, i + 1];
    const m = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(i));
    if (!m || !LABEL_NAME.test(m[0])) throw new Error(`${where}: bad label name at column ${i}`);
    const name = m[0];
    i += name.length;
    if (line[i] !== '=' || line[i + 1] !== '"') throw new Error(`${where}: expected ="… after label ${name}`);
    i += 2;
    let value = '';
    for (;;) {
      const c = line[i];
      if (c === undefined) throw new Error(`${where}: unterminated value of label ${name}`);
      if (c === '"') break;
      if (c === '\\') {
        const e = line[i + 1];
        if (e === '\\') value += '\\';
        else if (e === '"') value += '"';
        else if (e === 'n') value += '\n';
        else throw new Error(`${where}: bad escape \\${e} in label ${name}`);
        i += 2;
      } else {
        value += c;
        i++;
      }
    }
    i++; // closing quote
    if (Object.hasOwn(labels, name)) throw new Error(`${where}: label ${name} twice`);
    labels[name] = value;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`${where}: expected , or } after label ${name}`);
  }
}

/** The family a sample name belongs to, given the family's type. */
function familyOf(sampleName: string, families: Map<string, Family>): Family | undefined {
  const direct = families.get(sampleName);
  if (direct && direct.type !== 'histogram' && direct.type !== 'summary') return direct;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sampleName.endsWith(suffix)) continue;
    const f = families.get(sampleName.slice(0, -suffix.length));
    if (f && (f.type === 'histogram' || (f.type === 'summary' && suffix !== '_bucket'))) return f;
  }
  if (direct?.type === 'summary') return direct;
  return undefined;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  let current: Family | undefined;
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((line, n) => {
    const where = `line ${n + 1}`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) return; // a plain comment
      const [, what, name, rest] = m;
      if (!METRIC_NAME.test(name)) throw new Error(`${where}: bad metric name ${name}`);
      let f = families.get(name);
      if (f && f !== current) throw new Error(`${where}: family ${name} appears in two places`);
      if (!f) {
        f = { name, type: 'untyped', samples: [] };
        families.set(name, f);
      }
      current = f;
      if (what === 'HELP') {
        if (f.help !== undefined) throw new Error(`${where}: HELP for ${name} twice`);
        f.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      } else {
        if (!TYPES.has(rest)) throw new Error(`${where}: unknown type ${rest}`);
        if (f.samples.length > 0) throw new Error(`${where}: TYPE for ${name} after its samples`);
        f.type = rest as Family['type'];
      }
      return;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
    if (!nameMatch) throw new Error(`${where}: bad sample line ${JSON.stringify(line)}`);
    const name = nameMatch[0];
    let i = name.length;
    let labels: Record<string, string> = {};
    if (line[i] === '{') [labels, i] = parseLabels(line, i, where);
    if (line[i] !== ' ') throw new Error(`${where}: expected a space before the value`);
    const parts = line.slice(i + 1).split(' ');
    if (parts.length < 1 || parts.length > 2 || parts[0] === '')
      throw new Error(`${where}: expected a value and at most a timestamp`);
    const value = parseValue(parts[0], where);
    if (parts.length === 2 && !/^-?\d+$/.test(parts[1])) throw new Error(`${where}: bad timestamp ${parts[1]}`);
    let f = familyOf(name, families);
    if (!f) {
      if (families.has(name)) throw new Error(`${where}: sample ${name} does not fit its family's type`);
      f = { name, type: 'untyped', samples: [] };
      families.set(name, f);
    }
    if (f !== current && f.samples.length > 0) throw new Error(`${where}: samples of ${f.name} are not together`);
    current = f;
    const key = name + JSON.stringify(Object.entries(labels).sort());
    if (seen.has(key)) throw new Error(`${where}: series ${key} twice`);
    seen.add(key);
    f.samples.push({ name, labels, value });
  });
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

function checkHistogram(f: Family): void {
  const groups = new Map<string, { buckets: [number, number][]; count?: number; sum?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const g = groups.get(key) ?? { buckets: [] };
    groups.set(key, g);
    if (s.name === `${f.name}_bucket`) {
      if (le === undefined) throw new Error(`${f.name}: a bucket without le`);
      g.buckets.push([parseValue(le, f.name), s.value]);
    } else if (s.name === `${f.name}_count`) g.count = s.value;
    else if (s.name === `${f.name}_sum`) g.sum = s.value;
  }
  for (const [key, g] of groups) {
    if (g.count === undefined || g.sum === undefined) throw new Error(`${f.name}${key}: _count or _sum missing`);
    const sorted = [...g.buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Infinity) throw new Error(`${f.name}${key}: no +Inf bucket`);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i][1] < sorted[i - 1][1]) throw new Error(`${f.name}${key}: buckets not cumulative`);
    if (sorted.at(-1)![1] !== g.count)
      throw new Error(`${f.name}${key}: +Inf bucket ${sorted.at(-1)![1]} differs from _count ${g.count}`);
  }
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when none. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const f of families.values()) {
    for (const s of f.samples) {
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value;
    }
  }
  return undefined;
}

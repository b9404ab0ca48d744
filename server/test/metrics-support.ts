// Reading a Prometheus scrape in the metrics tests, with a strict parser of the text exposition format
// (version 0.0.4). The registry's one candidate, parse-prometheus-text-format 1.1.1, drops the labels,
// _sum and _count of labelled histograms (it merges a family's buckets into one sample), which is all
// these tests look at; this one throws on any line the format does not allow, on a sample outside its
// declared family, and on a histogram whose buckets are not cumulative or do not end in +Inf = _count.

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  /** Every sample line of the family, suffixed ones (_bucket, _sum, _count) under their own name. */
  samples: Map<string, Sample[]>;
}

export type Scrape = Map<string, Family>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

/** `{a="b",c="d\"e"}` from position `start` (at the brace); returns the labels and the index after `}`. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('=', i);
    const name = line.slice(i, eq);
    if (eq < 0 || !LABEL_NAME.test(name) || line[eq + 1] !== '"') throw new Error(`bad label in: ${line}`);
    if (name in labels) throw new Error(`repeated label ${name} in: ${line}`);
    let value = '';
    for (i = eq + 2; line[i] !== '"'; i++) {
      if (i >= line.length) throw new Error(`unterminated label value in: ${line}`);
      if (line[i] === '\\') {
        const escaped = line[++i];
        if (escaped === 'n') value += '\n';
        else if (escaped === '\\' || escaped === '"') value += escaped;
        else throw new Error(`bad escape in: ${line}`);
      } else value += line[i];
    }
    labels[name] = value;
    i++;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`expected , or } in: ${line}`);
  }
  return { labels, end: i + 1 };
}

export function parsePrometheusText(text: string): Scrape {
  const families: Scrape = new Map();
  let current: Family | null = null;
  const familyOf = (name: string): Family => {
    let family = families.get(name);
    if (!family) {
      family = { name, type: 'untyped', help: '', samples: new Map() };
      families.set(name, family);
    }
    return family;
  };
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name = '', rest = ''] = meta;
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      current = familyOf(name);
      if (kind === 'HELP') current.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      else if (rest in SUFFIXES) current.type = rest as Family['type'];
      else throw new Error(`bad type in: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;
    const nameEnd = line.search(/[{ ]/);
    const name = line.slice(0, nameEnd);
    if (nameEnd < 0 || !NAME.test(name)) throw new Error(`bad sample line: ${line}`);
    let labels: Record<string, string> = {};
    let rest = line.slice(nameEnd);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, nameEnd);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const fields = rest.trim().split(/ +/);
    if (!rest.startsWith(' ') || fields.length < 1 || fields.length > 2) throw new Error(`bad sample line: ${line}`);
    const family = current;
    const suffix = family && name.startsWith(family.name) ? name.slice(family.name.length) : null;
    if (!family || suffix === null || !SUFFIXES[family.type].includes(suffix))
      throw new Error(`sample outside its family: ${line}`);
    const list = family.samples.get(name) ?? [];
    list.push({ labels, value: parseValue(fields[0] ?? '', line) });
    family.samples.set(name, list);
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

const seriesKey = (labels: Record<string, string>) =>
  JSON.stringify(
    Object.entries(labels)
      .filter(([name]) => name !== 'le')
      .sort(),
  );

function checkHistogram(family: Family): void {
  const counts = new Map((family.samples.get(`${family.name}_count`) ?? []).map((s) => [seriesKey(s.labels), s.value]));
  const bySeries = new Map<string, Sample[]>();
  for (const bucket of family.samples.get(`${family.name}_bucket`) ?? []) {
    if (bucket.labels.le === undefined) throw new Error(`${family.name}: a bucket without le`);
    const key = seriesKey(bucket.labels);
    bySeries.set(key, [...(bySeries.get(key) ?? []), bucket]);
  }
  for (const [key, buckets] of bySeries) {
    const bounds = buckets.map((b) => parseValue(b.labels.le ?? '', family.name));
    for (let i = 1; i < buckets.length; i++) {
      if (!(bounds[i]! > bounds[i - 1]!) || buckets[i]!.value < buckets[i - 1]!.value)
        throw new Error(`${family.name} ${key}: buckets not increasing and cumulative`);
    }
    if (bounds.at(-1) !== Infinity || buckets.at(-1)!.value !== counts.get(key))
      throw new Error(`${family.name} ${key}: the +Inf bucket is not the _count`);
  }
}

export async function scrape(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (!response.headers.get('content-type')?.startsWith('text/plain; version=0.0.4'))
    throw new Error(`${url} is not the Prometheus text format: ${response.headers.get('content-type')}`);
  return parsePrometheusText(await response.text());
}

const matches = (sample: Sample, labels: Record<string, string>) =>
  Object.entries(labels).every(([key, value]) => sample.labels[key] === value);

/** The sum of the matching samples of `name` (a family, or a histogram's _count, _sum or _bucket). */
export function valueOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = scraped.get(name.replace(/_(bucket|sum|count)$/, '')) ?? scraped.get(name);
  if (!family) throw new Error(`no metric family for ${name}`);
  return (family.samples.get(name) ?? []).filter((s) => matches(s, labels)).reduce((sum, s) => sum + s.value, 0);
}

/** The label sets of a family's samples (of `name` itself, or its _count for a histogram). */
export function labelSets(scraped: Scrape, family: string): Record<string, string>[] {
  const found = scraped.get(family);
  if (!found) throw new Error(`no metric family ${family}`);
  const name = found.type === 'histogram' ? `${family}_count` : family;
  return (found.samples.get(name) ?? []).map((s) => s.labels);
}

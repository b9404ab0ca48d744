// Parses the RFC 7240 `Prefer` header as PostgREST reads it. supabase-js appends values, so one request
// may carry them comma-joined ("a, b"), without spaces, or in several headers.
export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | null;
  /** planned and estimated are answered with an exact count: the table is small per user. */
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient';
  maxAffected: number | null;
  /** Preferences this server recognised, echoed in `Preference-Applied`. */
  applied: string[];
  /** Unrecognised or unfulfillable preferences: ignored, unless handling=strict. */
  invalid: string[];
}

const CHOICES = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;

type ChoiceKey = keyof typeof CHOICES;

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    handling: 'lenient',
    maxAffected: null,
    applied: [],
    invalid: [],
  };
  const raw = (Array.isArray(header) ? header : header === undefined ? [] : [header]).flatMap((value) =>
    value.split(','),
  );
  const seen = new Set<string>();
  for (const entry of raw) {
    const token = entry.trim();
    if (token === '') continue;
    const [name = '', ...rest] = token.split('=');
    const key = name.trim().toLowerCase();
    const value = rest.join('=').trim();
    // The first occurrence of a preference wins.
    if (seen.has(key)) continue;
    if (isChoiceKey(key) && (CHOICES[key] as readonly string[]).includes(value)) {
      seen.add(key);
      (prefs as unknown as Record<ChoiceKey, string>)[key] = value;
      prefs.applied.push(`${key}=${value}`);
    } else if (key === 'max-affected' && /^\d+$/.test(value)) {
      seen.add(key);
      prefs.maxAffected = Number(value);
      prefs.applied.push(`${key}=${value}`);
    } else {
      prefs.invalid.push(token);
    }
  }
  return prefs;
}

function isChoiceKey(key: string): key is ChoiceKey {
  return Object.hasOwn(CHOICES, key);
}

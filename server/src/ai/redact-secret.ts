// Cuts a secret out of text we did not write (a provider's error body quoted back to the user), in
// whatever common form the text holds it: any run of 8 or more characters of the secret as is, in
// lower or upper case, reversed, URL-encoded, hex, or base64 (standard or URL-safe, at each of the
// three byte alignments a fragment can have), so a body echoing the key encoded or split still shows none.

/** Shorter fragments than this are left: too short to help guess a key, and they occur in ordinary words. */
export const MIN_FRAGMENT = 8;
export const REDACTED = '[redacted]';

/** The forms a secret may take in an echoed body. */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([secret, secret.toLowerCase(), secret.toUpperCase(), [...secret].reverse().join('')]);
  forms.add(encodeURIComponent(secret));
  forms.add([...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join(''));
  forms.add(bytes.toString('hex'));
  forms.add(bytes.toString('hex').toUpperCase());
  for (let shift = 0; shift < 3; shift++) {
    const base64 = bytes.subarray(shift).toString('base64').replace(/=+$/, '');
    forms.add(base64);
    forms.add(base64.replaceAll('+', '-').replaceAll('/', '_'));
    forms.add([...base64].reverse().join(''));
  }
  return [...forms].filter((form) => form.length >= MIN_FRAGMENT);
}

/** `text` with every stretch that is a fragment (8+ characters) of any form of `secret` replaced. */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < MIN_FRAGMENT || text.length < MIN_FRAGMENT)
    return secret.length > 0 ? text.split(secret).join(REDACTED) : text;
  const covered = new Uint8Array(text.length);
  for (const form of secretForms(secret)) {
    const grams = new Set<string>();
    for (let i = 0; i + MIN_FRAGMENT <= form.length; i++) grams.add(form.slice(i, i + MIN_FRAGMENT));
    for (let start = 0; start + MIN_FRAGMENT <= text.length; start++) {
      if (!grams.has(text.slice(start, start + MIN_FRAGMENT))) continue;
      // Every 8-character window of a fragment is itself in the set: marking each window covers the fragment.
      covered.fill(1, start, start + MIN_FRAGMENT);
    }
  }
  let out = '';
  for (let i = 0; i < text.length;) {
    if (covered[i]) {
      while (i < text.length && covered[i]) i++;
      out += REDACTED;
    } else {
      out += text[i];
      i++;
    }
  }
  return out;
}

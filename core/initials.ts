// Avatar initials for the profile screen (spec section 2: first letters of the name's words, at most 2).

const MAX_INITIALS = 2;

// The first letter or digit of a word, so '(Ann)' gives 'A' and emoji-only words are skipped.
function firstLetter(word: string): string | null {
  const match = /[\p{L}\p{N}]/u.exec(word);
  if (!match) return null;
  const letter = match[0];
  const upper = letter.toUpperCase();
  // 'ß' upper-cases to 'SS'; keep one character per word.
  return Array.from(upper).length === 1 ? upper : letter;
}

/** Up to two upper-case initials from the first words of a name; '' for a blank name. */
export function initials(name: string | null | undefined): string {
  if (typeof name !== 'string') return '';
  const letters: string[] = [];
  for (const word of name.trim().split(/\s+/)) {
    const letter = firstLetter(word);
    if (letter) letters.push(letter);
    if (letters.length === MAX_INITIALS) break;
  }
  return letters.join('');
}

/** The name's initials, else the email's first letter upper-cased, else ''. */
export function avatarInitials(name: string | null | undefined, email: string | null | undefined): string {
  const fromName = initials(name);
  if (fromName !== '') return fromName;
  if (typeof email !== 'string') return '';
  return firstLetter(email.trim()) ?? '';
}

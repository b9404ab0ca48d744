// An Obsidian vault read as one import (issue 37): [[wiki links]], aliases, headings and relative links
// to other files become links to their notes, embeds and links to files not imported stay as written,
// and each note's folder inside the vault becomes a tag. (The links' ids: notes-import.test.ts.)
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readPickedFiles } from './notes-archive';

const VAULT = {
  'My Vault/Work/Launch.md':
    '---\ntags: [q3]\n---\nCosts in [[Budget]], owner in [[Home/People#Anna|Anna]].\nSee [the budget](../Home/Budget.md#total) and [[Missing note]].\n![[diagram.png]] #draft',
  'My Vault/Home/Budget.md': '# Budget\n\nFour hundred, from [[launch]].',
  'My Vault/Home/People.md': 'Anna, Ben',
  'My Vault/Inbox.md': '[Web](https://example.org) and [absolute](/x.md)',
};

function readVault() {
  const files = Object.fromEntries(Object.entries(VAULT).map(([name, text]) => [name, strToU8(text)]));
  return readPickedFiles([{ name: 'vault.zip', bytes: zipSync(files), lastModified: Date.UTC(2026, 0, 2) }]);
}

describe('a Markdown vault', () => {
  const { notes } = readVault();
  const note = (title: string) => notes.find((n) => n.title === title)!;

  it('makes its links point at the notes they name, by name, by path, with aliases and headings', () => {
    const launch = note('Launch').content;
    expect(launch).toBe(
      'Costs in [Budget](/note/import:vault.zip%2FMy%20Vault%2FHome%2FBudget.md), owner in [Anna](/note/import:vault.zip%2FMy%20Vault%2FHome%2FPeople.md).\n' +
        'See [the budget](/note/import:vault.zip%2FMy%20Vault%2FHome%2FBudget.md) and [[Missing note]].\n![[diagram.png]] #draft',
    );
    expect(note('Budget').content).toBe(
      'Four hundred, from [launch](/note/import:vault.zip%2FMy%20Vault%2FWork%2FLaunch.md).',
    );
    expect(note('Inbox').content).toBe(VAULT['My Vault/Inbox.md']);
  });

  it('tags each note with its folder in the vault, beside its own tags', () => {
    expect(note('Launch').tags).toEqual(['q3', 'work']);
    expect(note('Budget').tags).toEqual(['home']);
    expect(note('Inbox').tags).toBeNull();
  });
});

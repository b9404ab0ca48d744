import { describe, expect, it } from 'vitest';
import { filterCommands, paletteCommands } from './commands';

const commands = paletteCommands({ aiName: 'Sprout', theme: 'light' });
const ids = (query: string) => filterCommands(commands, query).map((command) => command.id);

describe('palette commands', () => {
  it('lists every command for an empty query', () => {
    expect(ids('  ')).toHaveLength(commands.length);
  });

  it('matches word prefixes of labels and keywords, every word of the query', () => {
    expect(ids('check')).toEqual(['new-checklist', 'go-checklists']);
    expect(ids('go check')).toEqual(['go-checklists']);
    expect(ids('dark')).toEqual(['toggle-theme']);
    expect(ids('logout')).toEqual(['sign-out']);
    expect(ids('sprout')).toEqual(['new-idea']);
    expect(ids('zebra')).toEqual([]);
  });

  it('goes to the Trash by its name and by what it holds', () => {
    expect(commands.find((c) => c.id === 'go-trash')).toMatchObject({ label: 'Go to Trash', group: 'Go to' });
    expect(ids('trash')).toEqual(['go-trash']);
    expect(ids('go deleted')).toEqual(['go-trash']);
    expect(ids('restore')).toEqual(['go-trash']);
  });

  it('goes to the Archive, and to export and import, by their names and what people call them (issue 33)', () => {
    expect(ids('archive')).toEqual(['go-archive']);
    expect(ids('export')).toEqual(['export-notes']);
    expect(ids('backup')).toEqual(['export-notes']);
    expect(ids('import')).toEqual(['export-notes']);
  });

  it('goes to Today by its name and by what it lists (issue 35)', () => {
    expect(commands.find((c) => c.id === 'go-today')).toMatchObject({ label: 'Go to Today', group: 'Go to' });
    expect(ids('go today')).toEqual(['go-today']);
    expect(ids('overdue')).toEqual(['go-today']);
    expect(ids('due')).toEqual(['go-today']);
  });

  it('manages tags, to rename or delete one, under Settings (issue 33)', () => {
    expect(commands.find((c) => c.id === 'manage-tags')).toMatchObject({ label: 'Manage tags', group: 'Actions' });
    expect(ids('tags')).toEqual(['manage-tags']);
    expect(ids('rename tag')).toEqual(['manage-tags']);
    expect(ids('labels')).toEqual(['manage-tags']);
  });

  it('offers to delete the open note only while a note screen is open', () => {
    expect(commands.some((c) => c.id === 'delete-note')).toBe(false);
    const onNote = paletteCommands({ aiName: 'Sprout', theme: 'light', noteOpen: true });
    expect(filterCommands(onNote, 'trash').map((c) => c.id)).toEqual(['go-trash', 'delete-note']);
    expect(filterCommands(onNote, 'delete this').map((c) => c.label)).toEqual(['Delete this note']);
  });

  it('names the theme the toggle switches to and the assistant by its name', () => {
    const dark = paletteCommands({ aiName: 'Ada', theme: 'dark' });
    expect(dark.find((c) => c.id === 'toggle-theme')?.label).toBe('Switch to light theme');
    expect(dark.find((c) => c.id === 'new-idea')?.label).toBe('New idea with Ada');
  });
});

import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { parseServerVersion, serverVersionQuery, type ServerVersion } from '../../data/app-config';
import { createQueryClient } from '../../lib/query-client';
import { AboutSprout } from './about-sprout';

function showAbout(running: ServerVersion | null) {
  const client = createQueryClient();
  client.setQueryData(serverVersionQuery.queryKey, running);
  const view = render(
    <QueryClientProvider client={client}>
      <AboutSprout />
    </QueryClientProvider>,
  );
  return view;
}

describe('which Sprout runs, under Settings', () => {
  it('names the version and the commit the server reports', () => {
    showAbout({ version: '0.1.0', commit: '3f2a9c1b7d4e' });
    expect(screen.getByText(/Sprout 0\.1\.0/).textContent).toBe('Sprout 0.1.0 (3f2a9c1b7d4e)');
  });

  it('names the version alone without a commit', () => {
    showAbout({ version: '0.1.0', commit: null });
    expect(screen.getByText('Sprout 0.1.0')).toBeTruthy();
  });

  it('says nothing when the server could not tell (offline, an older server)', () => {
    const { container } = showAbout(null);
    expect(container.textContent).toBe('');
  });

  it('reads /api/health and ignores an answer without a version (an older server)', () => {
    expect(parseServerVersion({ ok: true, version: '0.1.0', commit: 'abc1234' })).toEqual({
      version: '0.1.0',
      commit: 'abc1234',
    });
    expect(parseServerVersion({ ok: true })).toBeNull();
    expect(parseServerVersion({ ok: true, version: '0.1.0', commit: 5 })).toEqual({ version: '0.1.0', commit: null });
    expect(parseServerVersion(null)).toBeNull();
  });
});

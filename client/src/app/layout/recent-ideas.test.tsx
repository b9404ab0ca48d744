// Recent Ideas says it has none only once they have been read (issue 33: it said so during a start).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecentIdeas } from './recent-ideas';

describe('RecentIdeas', () => {
  it('says nothing while the ideas are read, and that there are none once they are', () => {
    const { rerender } = render(<RecentIdeas ideas={undefined} />);
    expect(screen.getByRole('heading', { name: 'Recent Ideas' })).toBeTruthy();
    expect(screen.queryByText('No expanded ideas yet.')).toBeNull();
    rerender(<RecentIdeas ideas={[]} />);
    expect(screen.getByText('No expanded ideas yet.')).toBeTruthy();
  });
});

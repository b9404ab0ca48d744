// The tabs pattern the screens rely on: roles and links between tab and panel, one tab in the tab
// order, selection by click and by the arrow keys, Home and End, and only the selected panel mounted.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

function Example({ controlled = false }: { controlled?: boolean }) {
  const [value, setValue] = useState('one');
  const props = controlled ? { value, onValueChange: setValue } : { defaultValue: 'one' };
  return (
    <Tabs {...props}>
      <TabsList>
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three" disabled>
          Three
        </TabsTrigger>
        <TabsTrigger value="four">Four</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="four">Fourth panel</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('links the selected tab and its panel and keeps only that tab in the tab order', () => {
    render(<Example />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    expect(tab('Two').getAttribute('aria-selected')).toBe('false');
    expect([tab('One').tabIndex, tab('Two').tabIndex]).toEqual([0, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('First panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('One').id);
    expect(tab('One').getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByText('Second panel')).toBeNull();
  });

  it.each([false, true])(
    'selects by click, arrow keys (skipping disabled tabs, wrapping), Home and End (controlled: %s)',
    (controlled) => {
      render(<Example controlled={controlled} />);
      fireEvent.click(tab('Two'));
      expect(screen.getByRole('tabpanel').textContent).toBe('Second panel');
      tab('Two').focus();
      fireEvent.keyDown(tab('Two'), { key: 'ArrowRight' });
      expect(document.activeElement).toBe(tab('Four'));
      expect(screen.getByRole('tabpanel').textContent).toBe('Fourth panel');
      fireEvent.keyDown(tab('Four'), { key: 'ArrowRight' });
      expect(screen.getByRole('tabpanel').textContent).toBe('First panel');
      fireEvent.keyDown(tab('One'), { key: 'End' });
      expect(tab('Four').getAttribute('aria-selected')).toBe('true');
      fireEvent.keyDown(tab('Four'), { key: 'Home' });
      expect(document.activeElement).toBe(tab('One'));
      fireEvent.keyDown(tab('One'), { key: 'ArrowLeft' });
      expect(screen.getByRole('tabpanel').textContent).toBe('Fourth panel');
    },
  );
});

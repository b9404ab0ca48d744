// /capture: a quick note made at once, with what another app shared (the manifest's share_target) or
// empty (the installed app's 'Quick note' shortcut), then its editor in this screen's place, so that
// Back never makes a second note.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { sharedNote } from './shared-note';
import { useQuickCapture } from './use-quick-capture';

export function CapturePage() {
  const [params] = useSearchParams();
  const { quickNote } = useQuickCapture();
  // Development's StrictMode runs an effect twice; one visit makes one note.
  const made = useRef(false);
  useEffect(() => {
    if (made.current) return;
    made.current = true;
    void quickNote({ shared: sharedNote(params) ?? undefined, replace: true });
  }, [params, quickNote]);
  return <FullPageSpinner />;
}

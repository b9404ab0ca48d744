// /search: the installed app's 'Search' shortcut. The palette searches notes and commands from any
// screen; it opens over the dashboard, which takes this screen's place in the history.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { usePalette } from './palette-provider';

export function SearchShortcutPage() {
  const { openPalette } = usePalette();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/', { replace: true });
    openPalette();
  }, [navigate, openPalette]);
  return <FullPageSpinner />;
}

// The line under Settings' tabs that says which Sprout this is, as the server reports it, so that a
// user can tell the operator (or a bug report) what they run.
import { useServerVersion } from '../../data/app-config';

export function AboutSprout() {
  const running = useServerVersion();
  if (!running) return null;
  return (
    <p className="mt-8 text-center text-xs text-muted-foreground">
      Sprout {running.version}
      {running.commit && <span className="font-mono"> ({running.commit})</span>}
    </p>
  );
}

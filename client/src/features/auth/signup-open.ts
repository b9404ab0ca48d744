// Whether this server takes new accounts: GoTrue's public settings (GET /auth/v1/settings), which an
// operator changes with `npm run admin -- signup close`. Sign Up shows until the server says it is
// closed: offline, or on a server without the setting, the answer never comes and nothing is hidden.
import { useEffect, useState } from 'react';

export function useSignupOpen(): boolean {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    let current = true;
    fetch('/auth/v1/settings', { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ disable_signup?: unknown } | null>) : null))
      .then((settings) => {
        if (current && settings?.disable_signup === true) setOpen(false);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return open;
}

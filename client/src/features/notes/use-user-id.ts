// The signed-in user's id for the notes screens (null while the session loads or when signed out).
import { useAuth } from '../auth/use-auth';

export function useUserId(): string | null {
  return useAuth().user?.id ?? null;
}

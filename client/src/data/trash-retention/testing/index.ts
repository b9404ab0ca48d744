// Test doubles of the Trash retention for tests outside its room: a user's choice as if already read from
// the account, so a screen under test neither asks the server nor waits for it.
import type { QueryClient } from '@tanstack/react-query';
import type { TrashRetention } from '#core/trash';
import { trashRetentionKey } from '../retention-sync';

export function seedTrashRetention(client: QueryClient, userId: string, retention: TrashRetention): void {
  client.setQueryData(trashRetentionKey(userId), retention);
}

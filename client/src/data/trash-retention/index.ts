// The Trash retention's room, the one way screens reach it: how long the signed-in user's notes stay in
// the Trash (read from the account, a choice queued on this device while offline), saving a new choice,
// and the choices there are. Reading, this device's queue and the sync to user_metadata stay inside.
export { DEFAULT_TRASH_RETENTION, TRASH_RETENTION_CHOICES, type TrashRetention } from '#core/trash';
export type { RetentionSaved } from './retention-sync';
export { useTrashRetention, useTrashRetentionSetting, type TrashRetentionSetting } from './use-trash-retention';
/** Drops a choice this device still had to send for `userId` (their account is gone). */
export { clearPendingRetention as forgetTrashRetention } from './pending-save';

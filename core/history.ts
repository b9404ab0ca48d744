// The history of notes (issue 32, docs/history.md): how long versions are kept, and why one was kept.

/** Versions are kept this long... */
export const HISTORY_RETENTION_DAYS = 90;
/** ...and each note keeps at least its newest this many, however old. */
export const HISTORY_MIN_VERSIONS = 20;
/** One session's continuous editing keeps at most one version this often (migration 013). */
export const HISTORY_INTERVAL_MINUTES = 10;

/** Why the server kept a version: the change that replaced it. */
export type HistoryReason = 'device' | 'interval' | 'trash' | 'restore' | 'ai' | 'conflict' | 'version';

/** Reasons a push names itself (Sprout-History, docs/api.md); the server sees the others. */
export type StatedHistoryReason = Extract<HistoryReason, 'ai' | 'conflict'>;

/** Note ids one Sprout-History header may name. */
export const HISTORY_MARKS_MAX = 200;

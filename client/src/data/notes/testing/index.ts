// Test doubles of the notes data layer for tests outside it (a session on these needs no IndexedDB and
// no server): the in-memory store and server, and a connection that can go offline or lose answers;
// and, for tests of what reads IndexedDB, stored notes and throwaway databases.
export { MemoryLocalStore } from './memory-local-store';
export { FaultyRemote, MemoryRemote, MemoryServer } from './memory-remote';
export { localNoteMaker, scratchDatabases } from './local-notes';

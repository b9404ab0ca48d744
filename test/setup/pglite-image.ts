// Global set-up for the projects that start the real server: each test file loads one migrated PGlite
// image (pglite-image-cache.ts) instead of running initdb and the migrations again for every file. The
// image is made once per checkout and shared by the projects and runs.
import type { TestProject } from 'vitest/node';
import { cachedMigratedImage } from '../kit/pglite-image-cache';
// Its ProvidedContext entry types `provide` below.
import type {} from '../kit/test-server';

export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteImage', await cachedMigratedImage());
}

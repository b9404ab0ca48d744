// The shape of a figure group: one module under bench/groups/ exporting `group`. The runner
// finds the modules by file name, so a new group is a new file.
import type { Row } from './row';

export interface GroupOptions {
  /** The small, quick version for CI: fewer and shorter rounds, and only rows with a smoke limit matter. */
  smoke: boolean;
  /** Prints progress (to stderr, so the report on stdout stays clean). */
  log: (message: string) => void;
}

export interface BenchGroup {
  /** The CLI name: `npm run bench -- <name>`. */
  name: string;
  /** The report section's heading. */
  title: string;
  /** Where the section goes in the report (the table order). */
  order: number;
  /** Whether `npm run bench:smoke` runs it. */
  smoke: boolean;
  /** Text under the heading: how the figures were taken. */
  method: string;
  run: (options: GroupOptions) => Promise<Row[]>;
}

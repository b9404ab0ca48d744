// Every unit test file: a console.error during a test fails that test (an unexpected error must not
// pass silently; a test that expects one spies on console.error itself, which replaces this watch).
import { afterEach, beforeEach, vi } from 'vitest';

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  if (errors.length > 0) {
    const printed = errors.map((args) =>
      args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '),
    );
    throw new Error(`console.error was called during the test:\n${printed.join('\n')}`);
  }
});

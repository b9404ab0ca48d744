// The one statement that sets transaction-local settings (set_config(name, value, true) for each), with
// names and values as parameters: what a user's statements carry before their own (db/as-user.ts), on
// every path that sends it.
export type LocalSettings = Readonly<Record<string, string>>;

export function setConfigStatement(settings: LocalSettings): { text: string; values: string[] } {
  const names = Object.keys(settings);
  return {
    text: `select ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
    values: names.flatMap((name) => [name, settings[name]!]),
  };
}

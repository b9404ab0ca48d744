// What a join asks for: realtime-js sends `config.postgres_changes`, a list of {event, schema, table,
// filter}. Each becomes a binding with a server-chosen id that events carry in `ids`. Only the notes
// table exists here, and a filter narrows what the caller may see, never widens it: every event is
// first limited to the caller's own rows (hub.ts).
import { NOTE_COLUMNS } from '#core/note';
import { z } from 'zod';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Binding {
  id: number;
  /** As the client sent it, echoed in the join reply so realtime-js can match its bindings. */
  requested: { event: string; schema: string; table: string; filter?: string };
  event: '*' | ChangeType;
  filter: { column: string; op: 'eq' | 'neq'; value: string } | null;
}

const bindingSchema = z.object({
  event: z.enum(['*', 'INSERT', 'UPDATE', 'DELETE']),
  schema: z.literal('public'),
  table: z.literal('notes'),
  filter: z.string().max(200).optional(),
});

export const MAX_BINDINGS_PER_CHANNEL = 10;

let nextBindingId = 1;

export class SubscriptionError extends Error {}

/** Reads a join's postgres_changes list; throws SubscriptionError with the reason the reply gives. */
export function parseBindings(value: unknown): Binding[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new SubscriptionError('postgres_changes must be a list');
  if (value.length > MAX_BINDINGS_PER_CHANNEL) throw new SubscriptionError(`at most ${MAX_BINDINGS_PER_CHANNEL} postgres_changes per channel`);
  return value.map((item) => {
    const parsed = bindingSchema.safeParse(item);
    if (!parsed.success) throw new SubscriptionError('Unable to subscribe to changes with given parameters: only public.notes exists');
    const { event, schema, table, filter } = parsed.data;
    return {
      id: nextBindingId++,
      requested: { event, schema, table, ...(filter === undefined ? {} : { filter }) },
      event,
      filter: filter === undefined || filter === '' ? null : parseFilter(filter),
    };
  });
}

const readable = new Set<string>(NOTE_COLUMNS);

/** `column=eq.value` or `column=neq.value`, as realtime-js builds them. */
function parseFilter(filter: string): Binding['filter'] {
  const match = /^([a-z_]+)=(eq|neq)\.(.*)$/s.exec(filter);
  if (!match || !readable.has(match[1]!)) throw new SubscriptionError(`Unable to subscribe to changes with given parameters: invalid filter "${filter}"`);
  return { column: match[1]!, op: match[2] as 'eq' | 'neq', value: match[3]! };
}

/** Whether an event of `type` on `row` (as presented) matches the binding. */
export function bindingMatches(binding: Binding, type: ChangeType, row: Record<string, unknown>): boolean {
  if (binding.event !== '*' && binding.event !== type) return false;
  if (!binding.filter) return true;
  const value = row[binding.filter.column];
  const text = value === null || value === undefined ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return binding.filter.op === 'eq' ? text === binding.filter.value : text !== binding.filter.value;
}

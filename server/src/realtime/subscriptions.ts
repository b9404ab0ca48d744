// What a join asks for: realtime-js sends `config.postgres_changes`, a list of {event, schema, table,
// filter}. Each becomes a binding with a server-chosen id that events carry in `ids`. Only the notes
// table exists here, and a filter narrows what the caller may see, never widens it: every event is
// first limited to the caller's own rows (hub.ts).
import { createHash } from 'node:crypto';
import { NOTE_COLUMNS } from '#core/note-fields';
import { z } from 'zod';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Binding {
  /** The same for the same request on every socket (as Supabase's hash of the params), so one change is encoded once for all of them. */
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

/**
 * A binding's id, derived from what was asked: realtime-js only matches ids within its own channel, and
 * equal requests share one id, so a change fanned out to many sockets of one user has one payload.
 * 48 bits of SHA-256: an exact JSON number, and a collision inside one channel is out of reach (it
 * would only deliver the user's own rows to a sibling binding).
 */
export function bindingId(requested: Binding['requested']): number {
  const key = JSON.stringify([requested.event, requested.schema, requested.table, requested.filter ?? null]);
  return createHash('sha256').update(key).digest().readUIntBE(0, 6);
}

export class SubscriptionError extends Error {}

/** Reads a join's postgres_changes list; throws SubscriptionError with the reason the reply gives. */
export function parseBindings(value: unknown): Binding[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new SubscriptionError('postgres_changes must be a list');
  if (value.length > MAX_BINDINGS_PER_CHANNEL)
    throw new SubscriptionError(`at most ${MAX_BINDINGS_PER_CHANNEL} postgres_changes per channel`);
  return value.map((item) => {
    const parsed = bindingSchema.safeParse(item);
    if (!parsed.success)
      throw new SubscriptionError('Unable to subscribe to changes with given parameters: only public.notes exists');
    const { event, schema, table, filter } = parsed.data;
    const requested = { event, schema, table, ...(filter === undefined ? {} : { filter }) };
    return {
      id: bindingId(requested),
      requested,
      event,
      filter: filter === undefined || filter === '' ? null : parseFilter(filter),
    };
  });
}

const readable = new Set<string>(NOTE_COLUMNS);

/** `column=eq.value` or `column=neq.value`, as realtime-js builds them. */
function parseFilter(filter: string): Binding['filter'] {
  const match = /^([a-z_]+)=(eq|neq)\.(.*)$/s.exec(filter);
  if (!match || !readable.has(match[1]!))
    throw new SubscriptionError(`Unable to subscribe to changes with given parameters: invalid filter "${filter}"`);
  return { column: match[1]!, op: match[2] as 'eq' | 'neq', value: match[3]! };
}

/** Whether an event of `type` on `row` (as presented) matches the binding. */
export function bindingMatches(binding: Binding, type: ChangeType, row: Record<string, unknown>): boolean {
  if (binding.event !== '*' && binding.event !== type) return false;
  if (!binding.filter) return true;
  const value = row[binding.filter.column];
  const text =
    value === null || value === undefined ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return binding.filter.op === 'eq' ? text === binding.filter.value : text !== binding.filter.value;
}

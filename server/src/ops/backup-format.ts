// The backup file (README, "Backups"): gzip-compressed JSON lines. The first line says what
// the file is (format version, the Sprout and migrations that wrote it, the secrets it holds); then one
// line per row, `{"t": table, "r": row}`, the row as PostgreSQL's to_jsonb gives it, so that
// jsonb_populate_recordset gives back the same values on PGlite or any PostgreSQL; the last line counts
// the rows and holds the SHA-256 of every byte before it. A file cut short or changed is refused before
// anything is restored.
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

export const BACKUP_FORMAT = 'sprout-backup';
/** Raise when the file's shape changes; the restore of a later Sprout reads every earlier version. */
export const BACKUP_FORMAT_VERSION = 1;

export class BackupError extends Error {}

const sequenceSchema = z.object({ name: z.string().min(1), value: z.number().int(), isCalled: z.boolean() });

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  sprout: z.object({ version: z.string(), commit: z.string().nullable() }),
  source: z.enum(['pglite', 'postgres']),
  /** The migrations the source had applied, in order: the restore applies these first, then any newer. */
  migrations: z.array(z.string().min(1)),
  /** Tables in restore order (a table after those it references), schema-qualified. */
  tables: z.array(z.string().min(1)),
  sequences: z.array(sequenceSchema),
  secrets: z.object({
    /** The JWT secret in effect: refresh tokens are hashed with it, so sessions survive a restore only with it. */
    jwtSecret: z.string().min(32),
    /** The key that encrypts users' provider keys: only when the backup was asked to hold it. */
    encryptionKey: z.string().nullable(),
    /** The id of that key (secrets.ts): the restore checks the target's key against it. */
    encryptionKeyId: z.string(),
  }),
});

export type BackupHeader = z.infer<typeof backupHeaderSchema>;
export type SequenceValue = z.infer<typeof sequenceSchema>;

const endSchema = z.object({
  end: z.literal(true),
  rows: z.record(z.string(), z.number().int().min(0)),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export type BackupEnd = z.infer<typeof endSchema>;

/** Writes the lines of a backup and keeps the hash and counts its last line needs. */
export class BackupLineWriter {
  readonly #hash: Hash = createHash('sha256');
  readonly #rows: Record<string, number> = {};

  /** `write` resolves once the line may be followed (the stream's back-pressure). */
  constructor(private readonly write: (chunk: string) => Promise<void>) {}

  header(header: BackupHeader): Promise<void> {
    for (const table of header.tables) this.#rows[table] = 0;
    return this.#line(JSON.stringify(header));
  }

  /** `rowJson` is the row's JSON text as the database gave it. */
  row(table: string, rowJson: string): Promise<void> {
    this.#rows[table] = (this.#rows[table] ?? 0) + 1;
    return this.#line(`{"t":${JSON.stringify(table)},"r":${rowJson}}`);
  }

  end(): Promise<void> {
    const end: BackupEnd = { end: true, rows: this.#rows, sha256: this.#hash.digest('hex') };
    return this.write(`${JSON.stringify(end)}\n`);
  }

  get rows(): Readonly<Record<string, number>> {
    return this.#rows;
  }

  #line(text: string): Promise<void> {
    const line = `${text}\n`;
    this.#hash.update(line);
    return this.write(line);
  }
}

/** What a whole, intact backup holds: its header and its row counts. */
export interface CheckedBackup {
  header: BackupHeader;
  rows: Record<string, number>;
  bytes: number;
}

/**
 * Reads the whole file and checks it: gzip intact, a header this Sprout can read, every line JSON of a
 * table the header names, the last line's counts and hash matching what came before. `onRow` sees each
 * row as it is read (the restore's second pass); the first pass gives none.
 */
export async function readBackup(
  file: string,
  onRow?: (table: string, row: unknown) => Promise<void>,
): Promise<CheckedBackup> {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new BackupError(`Cannot read ${file}: no such file.`);
  }
  const input = fs.createReadStream(file).pipe(createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const hash = createHash('sha256');
  const counted: Record<string, number> = {};
  let header: BackupHeader | undefined;
  let end: BackupEnd | undefined;
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (end) throw new BackupError(`${file} is corrupt: it goes on after its last line.`);
      const value = parseLine(file, line, lineNumber);
      if (!header) {
        header = parseHeader(file, value);
        for (const table of header.tables) counted[table] = 0;
      } else if (isEnd(value)) {
        end = endSchema.parse(value);
        break;
      } else {
        const { t: table, r: row } = value as { t?: unknown; r?: unknown };
        if (typeof table !== 'string' || !(table in counted) || typeof row !== 'object' || row === null)
          throw new BackupError(`${file} is corrupt: line ${lineNumber} is not a row of a table it names.`);
        counted[table] = (counted[table] ?? 0) + 1;
        if (onRow) await onRow(table, row);
      }
      hash.update(`${line}\n`);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(String(error)))
      throw new BackupError(`${file} is truncated: the file ends before the backup does.`);
    if (code === 'Z_DATA_ERROR' || /incorrect header check|invalid/i.test(String(error)))
      throw new BackupError(`${file} is not a Sprout backup, or it is damaged (it is not valid gzip).`);
    throw error;
  } finally {
    lines.close();
    input.destroy();
  }
  if (!header) throw new BackupError(`${file} is empty.`);
  if (!end) throw new BackupError(`${file} is truncated: its last line, with the row counts and checksum, is missing.`);
  if (end.sha256 !== hash.digest('hex'))
    throw new BackupError(`${file} is corrupt: its checksum does not match its contents.`);
  for (const table of header.tables) {
    if (end.rows[table] !== counted[table])
      throw new BackupError(
        `${file} is corrupt: it should hold ${end.rows[table] ?? 0} rows of ${table} and holds ${counted[table]}.`,
      );
  }
  return { header, rows: counted, bytes: size };
}

function parseLine(file: string, line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(
      lineNumber === 1
        ? `${file} is not a Sprout backup.`
        : `${file} is corrupt: line ${lineNumber} is not complete JSON.`,
    );
  }
}

function parseHeader(file: string, value: unknown): BackupHeader {
  const format = value as { format?: unknown; formatVersion?: unknown } | null;
  if (format?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Sprout backup.`);
  if (typeof format.formatVersion === 'number' && format.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${file} was made by a newer Sprout (backup format ${format.formatVersion}; this one reads up to ${BACKUP_FORMAT_VERSION}). Restore it with that version or a later one.`,
    );
  const parsed = backupHeaderSchema.safeParse(value);
  if (!parsed.success) throw new BackupError(`${file} is corrupt: its first line is not a valid backup header.`);
  return parsed.data;
}

function isEnd(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { end?: unknown }).end === true;
}

// Settings > Your data: export every note on this device as a zip of Markdown files or one JSON file,
// and import notes from such files or from other apps' Markdown. Everything happens in the browser,
// offline too; long runs show their progress, and an import ends with what came in and what did not.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Download, FolderOpen, HardDrive, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useNotesTransfer, type ImportLine } from '../../../data/notes';
import { SettingsCard } from '../settings-section';
import { ImportReport, type ImportResult } from './import-report';
import { SharedFilesPanel } from './shared-files-panel';
import { TransferProgress, type ProgressState } from './transfer-progress';

const formats = () => import('./transfer-formats');

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function YourDataSection() {
  // Opened by its address (#your-data, the palette's 'Export or import notes'): the card is brought into view, its heading focused for a screen reader.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== '#your-data') return;
    const heading = document.getElementById('your-data');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [hash]);
  const transfer = useNotesTransfer();
  const inputId = useId();
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const busy = progress !== null;

  const exportAs = async (kind: 'markdown' | 'json') => {
    setMessage(null);
    setResult(null);
    setProgress({ label: 'Reading notes', done: 0, total: 0 });
    try {
      const [format, notes] = await Promise.all([
        formats(),
        transfer.readAll((done, total) => setProgress({ label: 'Reading notes', done, total })),
      ]);
      const stamp = today();
      if (kind === 'json') {
        const name = `sprout-notes-${stamp}.json`;
        save(new Blob([format.notesToJson(notes, new Date().toISOString())], { type: 'application/json' }), name);
        setMessage(`Exported ${plural(notes.length, 'note')} to ${name}.`);
      } else {
        const name = `sprout-notes-${stamp}.zip`;
        const zip = await format.notesToMarkdownZip(notes, `sprout-notes-${stamp}`, (done, total) =>
          setProgress({ label: 'Writing Markdown files', done, total }),
        );
        save(zip, name);
        setMessage(`Exported ${plural(notes.length, 'note')} to ${name}.`);
      }
    } catch (error) {
      setMessage(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setProgress(null);
    }
  };

  const importFiles = async (files: readonly File[]): Promise<boolean> => {
    if (files.length === 0) return false;
    setMessage(null);
    setResult(null);
    setProgress({ label: 'Reading files', done: 0, total: files.length });
    try {
      const format = await formats();
      const picked = await Promise.all(
        files.map(async (file) => ({
          // A folder's files keep their path in it: a vault's folders become tags and its links find their files.
          name: file.webkitRelativePath || file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
          lastModified: file.lastModified || null,
        })),
      );
      const read = format.readPickedFiles(picked);
      const lines: ImportLine[] = await transfer.importNotes(read.notes, (done, total) =>
        setProgress({ label: 'Importing notes', done, total }),
      );
      setResult({ lines, skippedFiles: read.skipped });
      return true;
    } catch (error) {
      setMessage(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    } finally {
      setProgress(null);
    }
  };

  return (
    <SettingsCard
      icon={HardDrive}
      title="Your data"
      titleId="your-data"
      description="Your notes are yours. Take them all out, or bring notes in from a backup or another app. This works offline."
      className="mt-6"
    >
      <div className="divide-y">
        <div className="grid gap-3 pb-5">
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">Export</h3>
            <p className="text-sm text-muted-foreground">
              Every note on this device with its checklist and chat history: as Markdown files with front matter (for
              Obsidian and other apps), or as one JSON file that Sprout can import exactly.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={busy} onClick={() => void exportAs('markdown')}>
              <Download aria-hidden="true" />
              Export as Markdown (.zip)
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => void exportAs('json')}>
              <Download aria-hidden="true" />
              Export as JSON
            </Button>
          </div>
        </div>
        <div className="grid gap-3 pt-5">
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">Import</h3>
            <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
              A Sprout JSON export, a Google Keep Takeout (.zip), an Evernote notebook (.enex), a Notion export (.zip),
              or an Obsidian, Joplin or Bear vault (a .zip, its Markdown files, or its folder). Notes already here stay
              as they are; a different version of one comes in as a conflict copy.
            </p>
          </div>
          <SharedFilesPanel busy={busy} onImport={importFiles} />
          <div className="flex flex-wrap gap-2">
            <ImportPicker
              id={inputId}
              describedBy={`${inputId}-hint`}
              accept=".json,.enex,.csv,.zip,.md,.markdown,.txt,application/json,application/zip,text/markdown,text/plain"
              disabled={busy}
              onPick={(files) => void importFiles(files)}
            >
              <Upload aria-hidden="true" />
              Import notes…
            </ImportPicker>
            {/* Chromium, Firefox and Safari pick a whole folder with it (a vault, a Takeout unzipped). */}
            <ImportPicker
              folder
              disabled={busy}
              describedBy={`${inputId}-hint`}
              onPick={(files) => void importFiles(files)}
            >
              <FolderOpen aria-hidden="true" />
              Import a folder…
            </ImportPicker>
          </div>
        </div>
      </div>
      {progress && <TransferProgress state={progress} />}
      {message && (
        <p role="status" className="mt-4 text-sm">
          {message}
        </p>
      )}
      {result && <ImportReport result={result} />}
    </SettingsCard>
  );
}

/**
 * A button that opens the browser's file dialog (or its folder dialog) through a hidden input, so the
 * input is neither a second tab stop nor announced twice. It is emptied after each pick, so picking the
 * same files again imports again.
 */
function ImportPicker({
  id,
  accept,
  folder = false,
  disabled,
  describedBy,
  onPick,
  children,
}: {
  id?: string;
  accept?: string;
  folder?: boolean;
  disabled: boolean;
  describedBy: string;
  onPick: (files: File[]) => void;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={accept}
        {...(folder && { webkitdirectory: '' })}
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onPick(files);
        }}
      />
      <Button
        variant="outline"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}

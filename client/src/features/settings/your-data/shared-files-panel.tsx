// Files shared into Sprout from another app (the installed app's share target), waiting in the importer
// for the user to import or discard them: an import can bring thousands of notes, so it starts only when
// asked. The share is named in the URL (?shared=<id>), so signing in first, or a reload, comes back here.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FileInput, Trash2, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { forgetShare, readShare, type SharedFiles } from './shared-files';

/** The server's answer when a share arrived with no service worker to keep its files. */
const UNAVAILABLE = 'unavailable';

type State = { id: string } & ({ kind: 'gone' } | { kind: 'ready'; share: SharedFiles });

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function SharedFilesPanel({
  busy,
  onImport,
}: {
  busy: boolean;
  /** Imports the files, its result shown by the caller; true when the import ran to its end. */
  onImport: (files: File[]) => Promise<boolean>;
}) {
  const [params, setParams] = useSearchParams();
  const id = params.get('shared');
  const [read, setRead] = useState<State | null>(null);
  // What was read for another share is not this one's: it is loading until its own read ends.
  const state = read?.id === id ? read : { kind: 'loading' as const };

  useEffect(() => {
    if (!id || id === UNAVAILABLE) return;
    let current = true;
    readShare(id).then(
      (share) => current && setRead(share ? { id, kind: 'ready', share } : { id, kind: 'gone' }),
      () => current && setRead({ id, kind: 'gone' }),
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (!id) return null;
  const done = () =>
    setParams(
      (next) => {
        next.delete('shared');
        return next;
      },
      { replace: true },
    );

  let body;
  if (id === UNAVAILABLE || state.kind === 'gone') {
    body = (
      <>
        <p className="text-sm">
          {id === UNAVAILABLE
            ? 'The files you shared did not reach Sprout. Pick them with Import notes… below.'
            : 'These shared files were already imported or discarded. Share them again, or pick them below.'}
        </p>
        <div>
          <Button variant="outline" size="sm" onClick={done}>
            OK
          </Button>
        </div>
      </>
    );
  } else if (state.kind === 'loading') {
    body = <p className="text-sm text-muted-foreground">Opening the shared files…</p>;
  } else {
    const { files } = state.share;
    body = (
      <>
        <ul className="grid gap-1 text-sm" aria-label="Shared files">
          {files.map((file, index) => (
            <li key={`${index}-${file.name}`} className="flex min-w-0 items-center gap-2">
              <FileInput aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-muted-foreground">{sizeText(file.size)}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={busy}
            onClick={() =>
              void onImport(files).then(async (imported) => {
                // A failed import keeps the files here to try again.
                if (!imported) return;
                await forgetShare(state.share.id);
                done();
              })
            }
          >
            <Upload aria-hidden="true" />
            {files.length === 1 ? 'Import this file' : `Import these ${files.length} files`}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => void forgetShare(state.share.id).then(done, done)}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      </>
    );
  }
  return (
    <section aria-labelledby="shared-files-heading" className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 id="shared-files-heading" className="text-sm font-medium">
        Shared with Sprout
      </h3>
      {body}
    </section>
  );
}

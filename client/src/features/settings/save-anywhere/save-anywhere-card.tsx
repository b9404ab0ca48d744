// Settings > Sync > Save from anywhere: the bookmarklet for desktop browsers (dragged to the bookmarks
// bar, or copied into a bookmark's address) and how the installed app takes shares on a phone.
import { useEffect, useRef, useState } from 'react';
import { Bookmark, Copy, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SettingsCard } from '../settings-section';
import { bookmarkletHref } from './bookmarklet';

export function SaveAnywhereCard() {
  const link = useRef<HTMLAnchorElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const href = bookmarkletHref(window.location.origin);

  // React refuses javascript: addresses in href (it renders them as an error); this one is ours and
  // only ever runs from the user's bookmarks, so it is set on the element itself.
  useEffect(() => {
    link.current?.setAttribute('href', href);
  }, [href]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      setStatus('Copied. Make a new bookmark and paste this as its address (URL).');
    } catch {
      setStatus('Copying was not allowed here: drag the button to your bookmarks bar instead.');
    }
  };

  return (
    <SettingsCard
      icon={Share2}
      title="Save from anywhere"
      description="Send a page, a link or any text to Sprout as a quick note, signed in or not, online or offline."
      className="mt-6"
    >
      <div className="divide-y">
        <div className="grid gap-3 pb-5">
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">From your browser</h3>
            <p id="bookmarklet-hint" className="text-sm text-muted-foreground">
              Drag the button below to your bookmarks bar. On any page, click it: the page&apos;s title, its link and
              the text you selected open in a new quick note.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" className="cursor-grab active:cursor-grabbing">
              {/* The click only runs from the bookmarks bar; here it would save this very page. */}
              <a
                ref={link}
                aria-describedby="bookmarklet-hint"
                draggable
                onClick={(event) => {
                  event.preventDefault();
                  setStatus('Drag this button to your bookmarks bar, then click it on the page you want to save.');
                }}
              >
                <Bookmark aria-hidden="true" />
                Save to Sprout
              </a>
            </Button>
            <Button variant="ghost" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy the bookmarklet
            </Button>
          </div>
          {status && (
            <p role="status" className="text-sm">
              {status}
            </p>
          )}
        </div>
        <div className="grid gap-1 pt-5">
          <h3 className="text-sm font-medium">From your phone</h3>
          <p className="text-sm text-muted-foreground">
            Install Sprout (your browser&apos;s Install app or Add to Home screen), then choose Sprout in any app&apos;s
            Share menu. Text and links become a quick note; a Google Keep, Evernote, Notion or Markdown export opens the
            importer.
          </p>
        </div>
      </div>
    </SettingsCard>
  );
}

// Text with the matched words of a search marked (<mark>), as the search result cards show it.
import { highlightSegments } from '../../../data/search';

export function HighlightedText({ text, terms }: { text: string; terms: ReadonlySet<string> }) {
  return (
    <>
      {highlightSegments(text, terms).map((segment, i) =>
        segment.match ? (
          <mark
            key={i}
            className="rounded-[3px] bg-amber-200/80 px-0.5 text-foreground dark:bg-amber-400/30 dark:text-amber-50"
          >
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

// AI text rendered as markdown, safely (ARCHITECTURE 9.10), in chat bubbles, the creation result and a
// note's expanded text: no raw HTML (never parsed into elements), react-markdown's default URL filter
// (no javascript: or data: links), no images (they would load from third parties and could leak the
// chat), links open in a new tab without referrer. Headings become bold paragraphs: the text's
// headings are not part of the page's outline. Single line breaks are kept, as models mean them; a
// plan's plain section headings show in bold.
import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { linkedNoteId } from '#core/note-links';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/utils';
import { emphasizePlanHeadings } from './plan-headings';

/** `compact` for chat bubbles; `relaxed` for reading a whole plan. */
export type MarkdownDensity = 'compact' | 'relaxed';

const link = 'font-medium text-primary underline underline-offset-2';

function componentsFor(density: MarkdownDensity): Components {
  const block = density === 'compact' ? 'my-2' : 'my-3';
  const heading = density === 'compact' ? 'mt-3 mb-1.5 font-semibold first:mt-0' : 'mt-5 mb-2 font-semibold first:mt-0';
  return {
    a: ({ node: _node, href, children, ...props }) =>
      href ? (
        <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow" className={link}>
          {children}
        </a>
      ) : (
        <span>{children}</span>
      ),
    // An image becomes a plain link to it: nothing loads unless the user opens it.
    img: ({ src, alt }) => {
      const label = alt && alt.trim() !== '' ? alt : 'image';
      return typeof src === 'string' && src !== '' ? (
        <a href={src} target="_blank" rel="noopener noreferrer nofollow" className={link}>
          [Image: {label}]
        </a>
      ) : (
        <span>[Image: {label}]</span>
      );
    },
    p: ({ node: _node, ...props }) => <p className={cn(block, 'first:mt-0 last:mb-0')} {...props} />,
    ul: ({ node: _node, ...props }) => <ul className={cn(block, 'list-disc space-y-1 pl-5')} {...props} />,
    ol: ({ node: _node, ...props }) => <ol className={cn(block, 'list-decimal space-y-1 pl-5')} {...props} />,
    h1: ({ node: _node, ...props }) => (
      <p className={cn(heading, density === 'relaxed' ? 'text-lg' : 'text-base')} {...props} />
    ),
    h2: ({ node: _node, ...props }) => <p className={cn(heading, 'text-base')} {...props} />,
    h3: ({ node: _node, ...props }) => <p className={heading} {...props} />,
    h4: ({ node: _node, ...props }) => <p className={heading} {...props} />,
    h5: ({ node: _node, ...props }) => <p className={heading} {...props} />,
    h6: ({ node: _node, ...props }) => <p className={heading} {...props} />,
    blockquote: ({ node: _node, ...props }) => (
      <blockquote className={cn(block, 'border-l-2 border-primary/40 pl-3 italic')} {...props} />
    ),
    pre: ({ node: _node, ...props }) => (
      <pre className={cn(block, 'overflow-x-auto rounded-md bg-muted p-3 text-xs')} {...props} />
    ),
    code: ({ node: _node, className, ...props }) => (
      <code
        className={cn(
          'rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] [pre_&]:bg-transparent [pre_&]:p-0',
          className,
        )}
        {...props}
      />
    ),
    table: ({ node: _node, ...props }) => (
      <div className={cn(block, 'overflow-x-auto')}>
        <table className="w-full border-collapse text-left text-xs" {...props} />
      </div>
    ),
    th: ({ node: _node, ...props }) => <th className="border-b px-2 py-1 font-semibold" {...props} />,
    td: ({ node: _node, ...props }) => <td className="border-b px-2 py-1 align-top" {...props} />,
    hr: () => <hr className={cn(density === 'compact' ? 'my-3' : 'my-4', 'border-border')} />,
  };
}

const COMPONENTS: Record<MarkdownDensity, Components> = {
  compact: componentsFor('compact'),
  relaxed: componentsFor('relaxed'),
};

/** Draws a link to one of the user's notes (`/note/<id>`, issue 33): the notes feature knows where it leads. */
export type NoteLinkRenderer = (props: { noteId: string; children: ReactNode }) => ReactNode;

export function MarkdownContent({
  children,
  className,
  density = 'compact',
  noteLink,
  ...props
}: { children: string; density?: MarkdownDensity; noteLink?: NoteLinkRenderer } & Omit<
  ComponentProps<'div'>,
  'children'
>) {
  const components = useMemo(() => {
    if (!noteLink) return COMPONENTS[density];
    const base = COMPONENTS[density];
    const NoteLink = noteLink;
    return {
      ...base,
      a: (anchor) => {
        const noteId = linkedNoteId(anchor.href);
        if (noteId) return <NoteLink noteId={noteId}>{anchor.children}</NoteLink>;
        const Anchor = base.a as (p: typeof anchor) => ReactNode;
        return Anchor(anchor);
      },
    } satisfies Components;
  }, [density, noteLink]);
  // Markdown nested thousands deep (`>>>>…`, an imported file's) takes the parser seconds, then overflows the
  // stack of its recursion: such a text is shown as it is written instead of taking the screen down with it.
  // Nesting no note needs is seen before parsing; the overflow of anything else is caught here, the
  // component called as a function so that it can be (react-markdown's Markdown uses no hooks).
  const rendered = useMemo(() => {
    if (nestsTooDeep(children)) return null;
    try {
      return Markdown({
        remarkPlugins: [remarkGfm, remarkBreaks],
        components,
        skipHtml: true,
        children: emphasizePlanHeadings(children),
      });
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
  }, [children, components]);
  return (
    <div
      data-slot="markdown"
      className={cn('text-sm leading-relaxed break-words [overflow-wrap:anywhere]', className)}
      {...props}
    >
      {rendered ?? <p className="whitespace-pre-wrap">{children}</p>}
    </div>
  );
}

/** Quotes or lists nested deeper than any note's (64 levels): the parser's time grows faster than the depth. */
const TOO_DEEP = /^(?:[ \t]*>){65}|^ {256,}(?:[-*+]|\d+[.)])\s/m;

export function nestsTooDeep(text: string): boolean {
  return TOO_DEEP.test(text);
}

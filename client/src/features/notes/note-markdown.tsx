// A note's expanded text as markdown (it is AI output): no raw HTML, no images (they would load from
// third parties), links open in a new tab; headings stay inside the card's own outline.
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/utils';

const heading = 'mt-5 mb-2 font-semibold text-foreground first:mt-0';

const components: Components = {
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => <span>[Image{alt ? `: ${alt}` : ''}]</span>,
  p: ({ node: _node, ...props }) => <p className="my-3 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-3 list-disc space-y-1.5 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-3 list-decimal space-y-1.5 pl-5" {...props} />,
  h1: ({ node: _node, ...props }) => <p className={cn(heading, 'text-lg')} {...props} />,
  h2: ({ node: _node, ...props }) => <p className={cn(heading, 'text-base')} {...props} />,
  h3: ({ node: _node, ...props }) => <p className={heading} {...props} />,
  h4: ({ node: _node, ...props }) => <p className={heading} {...props} />,
  h5: ({ node: _node, ...props }) => <p className={heading} {...props} />,
  h6: ({ node: _node, ...props }) => <p className={heading} {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-3 border-l-2 border-primary/40 pl-3 italic" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="my-3 overflow-x-auto rounded-md bg-muted p-3 text-xs" {...props} />,
  code: ({ node: _node, className, ...props }) => (
    <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] [pre_&]:bg-transparent [pre_&]:p-0', className)} {...props} />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b px-2 py-1 font-semibold" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b px-2 py-1 align-top" {...props} />,
  hr: () => <hr className="my-4 border-border" />,
};

export function NoteMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('text-sm leading-relaxed break-words text-foreground/90 [overflow-wrap:anywhere]', className)}>
      <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {children}
      </Markdown>
    </div>
  );
}

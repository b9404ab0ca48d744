// Model output rendered as markdown, safely (ARCHITECTURE 9.10): no raw HTML (never parsed into
// elements), react-markdown's default URL filter (no javascript: or data: links), no images (they
// would load from third parties and could leak the chat), links open in a new tab without referrer.
// Headings become bold paragraphs: a reply's headings are not part of the page's outline. Single line
// breaks are kept, as models mean them; a plan's plain section headings show in bold.
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../lib/utils';
import { emphasizePlanHeadings } from '../lib/plan-headings';
import { remarkLineBreaks } from '../lib/remark-line-breaks';

const components: Components = {
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // An image becomes a plain link to it: nothing loads unless the user opens it.
  img: ({ src, alt }) => {
    const label = alt && alt.trim() !== '' ? alt : 'image';
    return typeof src === 'string' && src !== '' ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2">
        [Image: {label}]
      </a>
    ) : (
      <span>[Image: {label}]</span>
    );
  },
  p: ({ node: _node, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-5" {...props} />,
  h1: ({ node: _node, ...props }) => <p className="mt-3 mb-2 text-base font-semibold first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <p className="mt-3 mb-2 text-base font-semibold first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => <p className="mt-3 mb-1.5 font-semibold first:mt-0" {...props} />,
  h4: ({ node: _node, ...props }) => <p className="mt-2 mb-1 font-semibold first:mt-0" {...props} />,
  h5: ({ node: _node, ...props }) => <p className="mt-2 mb-1 font-semibold first:mt-0" {...props} />,
  h6: ({ node: _node, ...props }) => <p className="mt-2 mb-1 font-semibold first:mt-0" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-2 border-l-2 border-primary/40 pl-3 italic" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="my-2 overflow-x-auto rounded-md bg-muted p-3 text-xs" {...props} />,
  code: ({ node: _node, className, ...props }) => (
    <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] [pre_&]:bg-transparent [pre_&]:p-0', className)} {...props} />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b px-2 py-1 font-semibold" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b px-2 py-1 align-top" {...props} />,
  hr: () => <hr className="my-3 border-border" />,
};

export function MarkdownContent({ children, className, ...props }: { children: string } & Omit<ComponentProps<'div'>, 'children'>) {
  return (
    <div data-slot="markdown" className={cn('text-sm leading-relaxed break-words [overflow-wrap:anywhere]', className)} {...props}>
      <Markdown remarkPlugins={[remarkGfm, remarkLineBreaks]} components={components} skipHtml>
        {emphasizePlanHeadings(children)}
      </Markdown>
    </div>
  );
}

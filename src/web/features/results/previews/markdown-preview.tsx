import { useEffect, useMemo, useState, type ComponentProps, type ElementType, type JSX } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { BLOCKED_IMAGE_PREFIX, markdownImageSrc, safeMarkdownUrl } from './markdown-urls';

const isExternal = (href: string | undefined) => !!href && !href.startsWith('#');

/** A markdown element drawn as its own tag with fixed classes, minus the `node` prop react-markdown adds. */
const styled = (tag: keyof JSX.IntrinsicElements, className: string) => {
  const Tag: ElementType = tag;
  return function Styled({ node: _n, ...p }: { node?: unknown }) {
    return <Tag className={className} {...p} />;
  };
};

/** Typographic styles as a components map, since @tailwindcss/typography is not part of the stack. */
const components: Components = {
  h1: styled('h1', 'mt-6 mb-3 text-2xl font-semibold tracking-tight text-zinc-900 first:mt-0 dark:text-zinc-50'),
  h2: styled(
    'h2',
    'mt-6 mb-2 border-b border-zinc-200 pb-1 text-xl font-semibold tracking-tight text-zinc-900 first:mt-0 dark:border-zinc-800 dark:text-zinc-50',
  ),
  h3: styled('h3', 'mt-5 mb-2 text-lg font-semibold text-zinc-900 first:mt-0 dark:text-zinc-100'),
  h4: styled('h4', 'mt-4 mb-1 font-semibold text-zinc-900 dark:text-zinc-100'),
  h5: styled('h5', 'mt-4 mb-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100'),
  h6: styled('h6', 'mt-4 mb-1 text-sm font-semibold text-zinc-600 dark:text-zinc-400'),
  p: styled('p', 'my-3 leading-7'),
  a: ({ node: _n, href, ...p }) =>
    !href ? (
      // A link whose target was dropped as unsafe keeps its text but is no longer a link.
      <span className="text-zinc-600 dark:text-zinc-400">{p.children}</span>
    ) : isExternal(href) ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-400 dark:decoration-indigo-700 dark:hover:decoration-indigo-400"
        {...p}
      />
    ) : (
      <a href={href} className="text-indigo-600 underline underline-offset-2 dark:text-indigo-400" {...p} />
    ),
  ul: ({ node: _n, className, ...p }) => (
    <ul
      className={
        className?.includes('contains-task-list')
          ? 'my-3 list-none space-y-1 pl-1'
          : 'my-3 list-disc space-y-1 pl-6 marker:text-zinc-400'
      }
      {...p}
    />
  ),
  ol: styled('ol', 'my-3 list-decimal space-y-1 pl-6 marker:text-zinc-500'),
  li: ({ node: _n, className, ...p }) => (
    <li className={className?.includes('task-list-item') ? 'list-none leading-7' : 'leading-7'} {...p} />
  ),
  // GFM task-list boxes are read-only; the label gives them an accessible name, the state is announced as checked.
  input: ({ node: _n, ...p }) => (
    <input {...p} aria-label="Task" className="mr-2 size-3.5 translate-y-0.5 accent-indigo-600" />
  ),
  blockquote: styled(
    'blockquote',
    'my-4 border-l-4 border-indigo-200 pl-4 text-zinc-600 italic dark:border-indigo-900 dark:text-zinc-400',
  ),
  code: styled(
    'code',
    'rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  ),
  pre: styled(
    'pre',
    'my-4 overflow-x-auto rounded-lg bg-zinc-950 p-4 font-mono text-sm leading-6 text-zinc-100 dark:bg-black/40 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit',
  ),
  hr: styled('hr', 'my-6 border-zinc-200 dark:border-zinc-800'),
  table: ({ node: _n, ...p }) => (
    <div className="my-4 overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full border-collapse text-left text-sm" {...p} />
    </div>
  ),
  thead: styled('thead', 'bg-zinc-50 dark:bg-zinc-900'),
  th: styled('th', 'border-b border-zinc-200 px-3 py-2 font-semibold dark:border-zinc-800'),
  td: styled('td', 'border-b border-zinc-100 px-3 py-2 align-top dark:border-zinc-800/60'),
  del: styled('del', 'text-zinc-500 dark:text-zinc-400'),
};

type Props = { text: string; siblings?: ReadonlyMap<string, string> } & Pick<ComponentProps<'div'>, 'className'>;

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Where a remote image would be; it tells the preview it is there, so the preview can offer to load it. */
function BlockedImage({ src, alt, onMount }: { src: string; alt: string; onMount: () => () => void }): JSX.Element {
  useEffect(onMount, [onMount]);
  return (
    <span className="my-2 inline-flex max-w-full items-center gap-1.5 rounded-md border border-dashed border-zinc-300 px-2 py-1 text-xs text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
      {`Image${alt ? ` “${alt}”` : ''} from ${hostOf(src)} not loaded`}
    </span>
  );
}

const noSiblings: ReadonlyMap<string, string> = new Map();

/**
 * Renders a Markdown result safely: GFM, no raw HTML, only web and mail links, all opening in a
 * new tab. Remote images are held back, as a mail client does, until "Show images from this file".
 */
export function MarkdownPreview({ text, siblings = noSiblings, className }: Props): JSX.Element {
  const [showRemote, setShowRemote] = useState(false);
  const [blocked, setBlocked] = useState(0);
  const rendered = useMemo<Components>(() => {
    const countBlocked = () => {
      setBlocked((n) => n + 1);
      return () => setBlocked((n) => n - 1);
    };
    return {
      ...components,
      img: ({ node: _n, alt, src, ...p }) =>
        typeof src === 'string' && src.startsWith(BLOCKED_IMAGE_PREFIX) ? (
          <BlockedImage src={src.slice(BLOCKED_IMAGE_PREFIX.length)} alt={alt ?? ''} onMount={countBlocked} />
        ) : (
          <img
            alt={alt ?? ''}
            src={src}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="my-4 h-auto max-w-full rounded-md"
            {...p}
          />
        ),
    };
  }, []);
  return (
    <div className={`max-w-3xl text-[0.95rem] break-words text-zinc-800 dark:text-zinc-200 ${className ?? ''}`}>
      {blocked > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <span>Remote images are not loaded, so their hosts cannot tell that you opened this file.</span>
          <button
            type="button"
            onClick={() => setShowRemote(true)}
            className="font-medium text-indigo-600 underline underline-offset-2 dark:text-indigo-400"
          >
            Show images from this file
          </button>
        </div>
      )}
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url, key, node) =>
          key === 'src' && node.tagName === 'img'
            ? markdownImageSrc(url, siblings, showRemote)
            : safeMarkdownUrl(url, siblings)
        }
        components={rendered}
      >
        {text}
      </Markdown>
    </div>
  );
}

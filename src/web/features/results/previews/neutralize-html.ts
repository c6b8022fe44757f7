import DOMPurify from 'dompurify';
import { cssCanLoad, neutralizeCss } from './neutralize-css';

/**
 * Strips everything from a result's HTML that could reach the network or run code, before it goes
 * into the sandboxed frame. The sandbox and the CSP meta tag already block these; this is the
 * second lock, because Chromium's preload scanner can fetch a resource before a meta CSP applies.
 * DOMPurify removes scripts, event handlers and markup the frame would parse differently (namespace
 * confusion); the hooks below drop every link to elsewhere and make styles unable to load anything.
 */
const DROP = ['script', 'noscript', 'link', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet'];
const URL_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'href',
  'xlink:href',
  'poster',
  'background',
  'action',
  'formaction',
  'data',
  'ping',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'manifest',
  'codebase',
  'cite',
  'imagesrcset',
]);

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null | undefined;

export function neutralizeHtml(html: string): string {
  const purify = browserPurifier();
  // Without a DOM (server-side rendering in tests) the sandbox and the CSP remain the locks.
  if (purify === null) return html;
  const clean = purify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    FORBID_TAGS: [...DROP, 'meta', 'template', 'portal'],
    ADD_TAGS: ['!doctype'],
  });
  return clean.startsWith('<!DOCTYPE') ? clean : `<!DOCTYPE html>${clean}`;
}

/** One DOMPurify of our own, so its hooks do not apply to other callers of the shared instance. */
function browserPurifier(): Purifier | null {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined' || !DOMPurify.isSupported) return (purifier = null);
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeElement', (node) => {
    if (node.nodeName.toLowerCase() === 'style') node.textContent = neutralizeCss(node.textContent ?? '');
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    if (URL_ATTRIBUTES.has(name)) data.keepAttr = isInlineData(data.attrValue, node.nodeName);
    else if (name === 'style') data.attrValue = neutralizeCss(data.attrValue);
    // SVG paints and filters take url(): fill="url(https://…)" would load.
    else if (cssCanLoad(data.attrValue)) data.keepAttr = false;
  });
  return (purifier = purify);
}

/** Images may stay when they are inline data; in-page anchors (#id) stay so footnotes work. */
function isInlineData(value: string, nodeName: string): boolean {
  const v = value.trim().toLowerCase();
  const tag = nodeName.toUpperCase();
  if (tag === 'IMG' && v.startsWith('data:image/') && !v.startsWith('data:image/svg')) return true;
  return tag === 'A' && v.startsWith('#');
}

/**
 * Strips everything from a result's HTML that could reach the network or run code, before it goes
 * into the sandboxed frame. The sandbox and the CSP meta tag already block these; this is the
 * second lock, because Chromium's preload scanner can fetch a resource before a meta CSP applies.
 * DOMParser builds an inert document: parsing it loads nothing and runs nothing.
 */
const DROP = 'script,noscript,link,base,iframe,frame,frameset,object,embed,applet,portal,meta,template';
const URL_ATTRIBUTES = [
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
];
const CSS_URL = /url\(\s*(['"]?)(?!data:)[^)]*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;

export function neutralizeHtml(html: string, parse: ((html: string) => Document) | null = browserParser()): string {
  // Without a DOM (server-side rendering in tests) the sandbox and the CSP remain the locks.
  if (parse === null) return html;
  const doc = parse(html);
  for (const el of Array.from(doc.querySelectorAll(DROP))) el.remove();
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) el.removeAttribute(attr.name);
      else if (URL_ATTRIBUTES.includes(name) && !isInlineData(attr.value, el.tagName)) el.removeAttribute(attr.name);
      else if (name === 'style') el.setAttribute('style', attr.value.replace(CSS_URL, 'none').replace(CSS_IMPORT, ''));
    }
  }
  for (const style of Array.from(doc.querySelectorAll('style'))) {
    style.textContent = (style.textContent ?? '').replace(CSS_IMPORT, '').replace(CSS_URL, 'none');
  }
  return `<!DOCTYPE html>${doc.documentElement.outerHTML}`;
}

/** Images may stay when they are inline data; in-page anchors (#id) stay so footnotes work. */
function isInlineData(value: string, tag: string): boolean {
  const v = value.trim().toLowerCase();
  if (tag === 'IMG' && v.startsWith('data:image/') && !v.startsWith('data:image/svg')) return true;
  return tag === 'A' && v.startsWith('#');
}

function browserParser(): ((html: string) => Document) | null {
  if (typeof DOMParser === 'undefined') return null;
  return (h) => new DOMParser().parseFromString(h, 'text/html');
}

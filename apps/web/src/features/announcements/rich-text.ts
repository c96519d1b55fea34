/**
 * The announcement's rich text on the client: what the editor produces is brought to the tags the server keeps
 * (apps/server/src/modules/announcements/sanitize.ts: paragraphs, line breaks, bold, italic, underline, strike,
 * headings h2–h4, lists, quotes and http(s)/mailto links), so that what is typed, pasted and saved is what comes back
 * when editing. The server sanitises anyway: this is for a faithful round trip, not for safety.
 */

/** Element → the tag it becomes; elements not listed keep only their content (span, font…). */
const TAGS: Record<string, string> = {
  p: 'p',
  div: 'p',
  br: 'br',
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'u',
  s: 's',
  strike: 's',
  h1: 'h2',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h4',
  h6: 'h4',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  blockquote: 'blockquote',
  a: 'a',
};
/** Dropped with their content. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'img',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
  'option',
  'noscript',
  'video',
  'audio',
  'canvas',
  'input',
  'button',
  'meta',
  'link',
]);
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote']);
/** Where a block cannot sit (a paragraph in a paragraph): its content goes in the parent instead. */
const NO_BLOCK_INSIDE = new Set(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'a']);
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function copyInto(from: Node, to: Element) {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    const mapped = TAGS[tag];
    const parentTag = to.tagName.toLowerCase();
    if (!mapped || (BLOCKS.has(mapped) && mapped !== 'li' && NO_BLOCK_INSIDE.has(parentTag))) {
      copyInto(el, to);
      continue;
    }
    if (mapped === 'a') {
      const href = (el.getAttribute('href') ?? '').trim();
      if (!SAFE_HREF.test(href)) {
        copyInto(el, to);
        continue;
      }
      const a = document.createElement('a');
      a.setAttribute('href', href);
      copyInto(el, a);
      to.appendChild(a);
      continue;
    }
    const copy = document.createElement(mapped);
    copyInto(el, copy);
    to.appendChild(copy);
  }
}

const isBlank = (node: Node) => (node.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '';

/** Top-level text and inline elements go into paragraphs; a lone line break or white space between blocks goes. */
function wrapLoose(root: Element) {
  let paragraph: HTMLParagraphElement | null = null;
  for (const node of Array.from(root.childNodes)) {
    const block = node.nodeType === Node.ELEMENT_NODE && BLOCKS.has((node as Element).tagName.toLowerCase());
    if (block) {
      paragraph = null;
      continue;
    }
    if (!paragraph) {
      const next = node.nextSibling;
      const beforeBlock =
        !next || (next.nodeType === Node.ELEMENT_NODE && BLOCKS.has((next as Element).tagName.toLowerCase()));
      if (isBlank(node) && beforeBlock) {
        node.remove();
        continue;
      }
      paragraph = document.createElement('p');
      root.insertBefore(paragraph, node);
    }
    paragraph.appendChild(node);
  }
}

/** Empty paragraphs and headings at the start and the end go (the editor leaves one behind). */
function trimEdges(root: Element) {
  const empty = (n: ChildNode | null) =>
    !!n && n.nodeType === Node.ELEMENT_NODE && !['UL', 'OL'].includes((n as Element).tagName) && isBlank(n);
  while (empty(root.firstChild)) root.firstChild!.remove();
  while (empty(root.lastChild)) root.lastChild!.remove();
}

/** The HTML brought to the server's tags: the editor's divs become paragraphs, b/i become strong/em, no attributes. */
export function cleanHtml(html: string): string {
  const root = document.createElement('div');
  copyInto(parse(html), root);
  wrapLoose(root);
  trimEdges(root);
  return root.innerHTML;
}

/** Whether the HTML has no text at all (an empty editor, or only empty paragraphs and line breaks). */
export function isBlankHtml(html: string): boolean {
  return isBlank(parse(html));
}

/** The text a person reads, for previews (a list's line, a widget). */
export function plainTextOf(html: string): string {
  const root = document.createElement('div');
  copyInto(parse(html.replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, '$& ')), root);
  return (root.textContent ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// The browser's editing commands ----------------------------------------------------------------------------

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** document.execCommand where the browser has it (it is deprecated but everywhere; the test DOM lacks it). */
export function run(command: string, arg?: string): void {
  if (typeof document.execCommand === 'function') document.execCommand(command, false, arg);
}
export const queryState = (command: string) =>
  typeof document.queryCommandState === 'function' && document.queryCommandState(command);
export const queryValue = (command: string) =>
  typeof document.queryCommandValue === 'function' ? String(document.queryCommandValue(command)).toLowerCase() : '';

const words = (text: string) => text.trim().split(/\s+/);

/**
 * How people spell acronyms and brands, the one list for every name and title the planner makes
 * ("Youtube" or "Seo" reads as a typo); plurals of the acronyms in `PLURAL_ACRONYMS` follow ("KPIs").
 */
export const SPELLINGS = new Map([
  ...words(`id url csv pdf html json api sku vat uri faq crm seo ceo cto cfo hr it ui ux vip dob zip txt sms kpi cv okr roi
    gdpr nda sla qa ai utm ppc cta saas b2b b2c po rsvp eta xml sql`).map((w) => [w, w.toUpperCase()] as const),
  ...words(`YouTube LinkedIn GitHub GitLab HubSpot TikTok WhatsApp PayPal QuickBooks BambooHR WordPress WooCommerce SharePoint
    PowerPoint OneDrive iPhone iOS macOS ChatGPT OpenAI JavaScript TypeScript`).map(
    (w) => [w.toLowerCase(), w] as const,
  ),
]);

/** Acronyms people write with a plural s ("KPIs", "CVs", "URLs"). */
const PLURAL_ACRONYMS = new Set(words('id url csv pdf api sku faq kpi cv okr ceo vip'));

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** `Company name` → `company_name`; letters and digits only, never empty. */
export function snakeCase(text: string): string {
  const snake = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '_');
  const trimmed = trimCharsOf(snake, '_');
  const safe = /^\d/.test(trimmed) ? `field_${trimmed}` : trimmed;
  return clipAtWord(safe, 48, '_') || 'field';
}

export function kebabCase(text: string): string {
  return snakeCase(text).replace(/_/g, '-');
}

/**
 * `slug` shortened to at most `max` characters at a `separator`, so a name never ends in half a word
 * ("company-summary" rather than "company-summar") or in "and"; a single word longer than `max` is cut.
 */
export function clipAtWord(slug: string, max: number, separator: string): string {
  if (slug.length <= max) return slug;
  const end = slug.lastIndexOf(separator, max);
  if (end <= 0) return slug.slice(0, max);
  const words = slug.slice(0, end).split(separator);
  // A name cut after "and" or "of" reads as unfinished; such a word is dropped too.
  while (words.length > 1 && SMALL_WORDS.has(words.at(-1)!)) words.pop();
  return trimEndOf(words.join(separator), separator);
}

/** How people spell `word` when it is an acronym or a brand ("kpis" → "KPIs", "youtube" → "YouTube"). */
function acronym(word: string): string | undefined {
  const lower = word.toLowerCase();
  const spelled = SPELLINGS.get(lower);
  if (spelled) return spelled;
  return lower.endsWith('s') && PLURAL_ACRONYMS.has(lower.slice(0, -1))
    ? `${lower.slice(0, -1).toUpperCase()}s`
    : undefined;
}

/** `company_name` → `Company name`, keeping acronyms (`order_id` → `Order ID`). */
export function sentenceCase(text: string): string {
  const parts = text.split(/[_\s]+/).filter(Boolean);
  return parts
    .map(
      (word, index) =>
        acronym(word) ?? (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word.toLowerCase()),
    )
    .join(' ');
}

/**
 * `meeting notes digest` → `Meeting Notes Digest`; small words stay lower case inside, acronyms and
 * brands are spelled as people do, in each part of a hyphenated word too (`SEO-friendly`, `Thank-you`).
 */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      const spelled = word
        .split('-')
        .map(
          (part, at) =>
            acronym(part) ?? (at > 0 && part.length > 1 ? part.charAt(0).toUpperCase() + part.slice(1) : part),
        )
        .join('-');
      return spelled.charAt(0).toUpperCase() + spelled.slice(1);
    })
    .join(' ');
}

/** `a, b and c`. */
export function humanList(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

// Scans by hand where a pattern anchored at the end (`/x+$/`) would retry from every position of
// a long run: prompts reach 20,000 characters and plans are made on the service's thread.

/** `text` without the characters of `chars` at its start and end. */
function trimCharsOf(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** `text` without the characters of `chars` at its end. */
function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

import type { Field } from '../workflow/field';
import {
  ref,
  out,
  plain,
  lowerTitle,
  ifGiven,
  rolesOf,
  greeting,
  companyOf,
  valueOf,
  otherDetails,
  usedOf,
  listSection,
  type Roles,
} from './draft-parts';

/** The documents the rule-based steps write in their real shape from the inputs. */
export type DraftKind = 'email' | 'message' | 'checklist' | 'posting' | 'reminder';

export interface Deliverable {
  /** The words of the request without its article: "short sales intro email". */
  phrase: string;
  /** The noun that says what it is: "email". */
  head: string;
  /** The kind of draft the steps write for it, or null when they write no such thing. */
  draft: DraftKind | null;
  /** Text only a model or the web could write from these inputs (a summary of a company). */
  needsModel: boolean;
}

/*
 * The drafts the rule-based steps can write from the inputs alone, in their real shape: an email
 * with its subject line, greeting, body and sign-off; a message; a reminder; a checklist; a posting.
 * Each is a Liquid template (see report-template.ts) that uses every input it is given.
 */

type Purpose = 'intro' | 'follow_up' | 'welcome' | 'thanks' | 'offer' | 'general';

function purposeOf(words: string): Purpose {
  if (/\b(?:intro|introduction|introductory|sales|outreach|cold|prospecting|pitch)\b/.test(words)) return 'intro';
  if (/\bfollow-?\s?up\b/.test(words)) return 'follow_up';
  if (/\b(?:welcome|onboarding)\b/.test(words)) return 'welcome';
  if (/\bthank(?:-?\s?you|s)\b/.test(words)) return 'thanks';
  if (/\boffer\b/.test(words)) return 'offer';
  return 'general';
}

interface Letter {
  subject: string;
  paragraphs: string[];
  used: Set<Field>;
}

/** The subject and body of an email or message, by what it is for. */
function letter(purpose: Purpose, roles: Roles, phrase: string): Letter {
  const company = companyOf(roles);
  const topic = roles.topic ? out(roles.topic.key, 'inline') : null;
  const date = roles.date ? valueOf(roles.date) : null;
  const person = usedOf(roles.person, roles.email);
  switch (purpose) {
    case 'intro':
      return {
        subject: company ? `A quick introduction for ${company}` : 'A quick introduction',
        paragraphs: [
          `I came across ${company ?? 'your company'}${roles.website ? ` (${out(roles.website.key, 'host')})` : ''} and wanted to introduce myself. We help teams like yours with [what you offer], and I think there could be a good fit.`,
          'Would you be open to a short call next week to see whether it is worth exploring?',
        ],
        used: usedOf(...person, roles.company, roles.website),
      };
    case 'follow_up':
      // "the renewal date": a date named for what happens on it is said in that role.
      if (roles.date && roles.date.key !== 'date' && roles.date.key.endsWith('_date'))
        return {
          subject: topic
            ? `Following up on ${topic}`
            : `Following up on your ${lowerTitle(roles.date).replace(/ date$/, '')}`,
          paragraphs: [
            `I noticed that the ${plain(lowerTitle(roles.date))}${topic ? ` for ${topic}` : ''}${company ? ` at ${company}` : ''} was ${date}, and I wanted to follow up in case anything is holding it up.`,
            'If it would help, I am happy to walk you through the next step or answer any questions.',
          ],
          used: usedOf(...person, roles.topic, roles.date, roles.company, roles.website),
        };
      return {
        subject: topic ? `Following up on ${topic}` : 'Following up',
        paragraphs: [
          `Thank you for your time${date ? ` on ${date}` : ''}. I wanted to follow up${topic ? ` on ${topic}` : ''} and check whether you have any questions.`,
          'I am happy to share anything that would help with the next step.',
        ],
        used: usedOf(...person, roles.topic, roles.date),
      };
    case 'welcome':
      return {
        subject: `Welcome${company ? ` to ${company}` : roles.team ? ` to the ${out(roles.team.key, 'inline')} team` : ''}!`,
        paragraphs: [
          `We are delighted to welcome you${roles.team ? ` to the ${out(roles.team.key, 'inline')} team` : ''}${company ? ` at ${company}` : ''}.${date ? ` We look forward to seeing you on ${date}.` : ''}`,
          'If you have any questions before then, just reply to this email.',
        ],
        used: usedOf(...person, roles.company, roles.website, roles.team, roles.date),
      };
    case 'thanks':
      return {
        subject: 'Thank you',
        paragraphs: [
          `Thank you${topic ? ` for ${topic}` : ''}. It means a lot to us${company ? ` at ${company}` : ''}.`,
          'We hope to see you again soon.',
        ],
        used: usedOf(...person, roles.topic, roles.company, roles.website),
      };
    case 'offer':
      return {
        subject: topic ? `Your offer: ${topic}` : 'Your offer',
        paragraphs: [
          `We are pleased to offer you the position${topic ? ` of ${topic}` : ''}${company ? ` at ${company}` : ''}.${date ? ` Your start date would be ${date}.` : ''}`,
          'Please reply to confirm that you accept, or with any questions you have.',
        ],
        used: usedOf(...person, roles.topic, roles.company, roles.website, roles.date),
      };
    case 'general':
      return {
        subject: topic ? `${plain(sentence(phrase))}: ${topic}` : plain(sentence(phrase)),
        paragraphs: [`I am writing to you about ${topic ?? 'the following'}.`],
        used: usedOf(...person, roles.topic),
      };
  }
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An email (with its subject line) or a shorter message, by what it is for. */
function letterDraft(kind: 'email' | 'message', fields: Field[], deliverable: Deliverable, prompt: string): string {
  const roles = rolesOf(fields);
  const { subject, paragraphs, used } = letter(purposeOf(`${deliverable.phrase} ${prompt}`), roles, deliverable.phrase);
  const details = otherDetails(fields, used);
  const email = kind === 'email';
  return [
    ...(email ? [`**Subject:** ${subject}`, ''] : []),
    greeting(roles),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length > 0 ? [...(email ? ['For reference:', ''] : []), ...details, ''] : []),
    ...(email ? ['Best regards,', '', '[Your name]'] : ['Thanks,', '[Your name]']),
  ].join('\n');
}

function reminderDraft(fields: Field[]): string {
  const roles = rolesOf(fields);
  const what = roles.topic ? out(roles.topic.key, 'inline') : 'our upcoming appointment';
  const when = roles.date ? ` on ${valueOf(roles.date)}` : '';
  const where = roles.location ? ifGiven(roles.location, ` at ${out(roles.location.key, 'inline')}`) : '';
  const details = otherDetails(fields, usedOf(roles.person, roles.email, roles.topic, roles.date, roles.location));
  return [
    `**Subject:** Reminder: ${what}${when}`,
    '',
    greeting(roles),
    '',
    `This is a friendly reminder about **${what}**${when}${where}.`,
    '',
    ...(details.length > 0 ? [...details, ''] : []),
    'Please let us know if you can no longer make it.',
    '',
    'See you there,',
    '',
    '[Your name]',
  ].join('\n');
}

function checklistDraft(fields: Field[], prompt: string): string {
  const roles = rolesOf(fields);
  const who = roles.person ? out(roles.person.key, 'inline') : 'the new starter';
  const lines: string[] = [];
  if (/\b(?:onboard|new (?:hire|employee|starter|joiner)|first day)/.test(prompt)) {
    const date = roles.date ? ` before ${valueOf(roles.date)}` : '';
    lines.push(
      `- [ ] Send ${who} a welcome email with the first-day details`,
      `- [ ] Set up ${who}'s laptop, email and accounts${date}`,
      `- [ ] Introduce ${who} to the ${roles.team ? `${out(roles.team.key, 'inline')} ` : ''}team`,
      `- [ ] Share the handbook and the first week's plan`,
      `- [ ] Book a check-in at the end of the first week`,
    );
  }
  for (const list of roles.lists)
    lines.push(`{% for item in ${ref(list.key)} -%}`, '- [ ] {{ item }}', '{% endfor -%}');
  const used = usedOf(roles.person, roles.date, roles.team, ...roles.lists);
  for (const field of fields.filter((f) => !used.has(f)))
    lines.push(`- [ ] Confirm the ${plain(lowerTitle(field))}: ${valueOf(field)}`);
  if (lines.length === 0) lines.push('- [ ] ', '- [ ] ', '- [ ] ');
  return lines.join('\n');
}

function postingDraft(fields: Field[]): string {
  const roles = rolesOf(fields);
  const role = roles.topic ? out(roles.topic.key, 'inline') : 'this role';
  const company = companyOf(roles);
  const facts = fields.filter(
    (field) =>
      field !== roles.topic &&
      field !== roles.company &&
      field.kind !== 'list' &&
      field.kind !== 'rows' &&
      field.kind !== 'text',
  );
  return [
    `We are hiring${role === 'this role' ? '' : ` a ${role}`}${company ? ` at ${company}` : ''}.`,
    '',
    ...facts.map((field) => `- **${plain(field.title)}:** ${valueOf(field)}`),
    ...(facts.length > 0 ? [''] : []),
    ...roles.texts.flatMap((text) => [`## ${plain(text.title)}`, '', out(text.key), '']),
    ...roles.lists.flatMap((list) => [listSection(list), '']),
    '## How to apply',
    '',
    `Send your CV and a short note about why ${role === 'this role' ? 'the role' : role} interests you.`,
  ].join('\n');
}

const DRAFTS: Record<DraftKind, (fields: Field[], deliverable: Deliverable, prompt: string) => string> = {
  email: (fields, deliverable, prompt) => letterDraft('email', fields, deliverable, prompt),
  message: (fields, deliverable, prompt) => letterDraft('message', fields, deliverable, prompt),
  reminder: reminderDraft,
  checklist: (fields, _deliverable, prompt) => checklistDraft(fields, prompt),
  posting: postingDraft,
};

/** The body of a draft of `kind`, built from the inputs. */
export const draftBody = (kind: DraftKind, fields: Field[], deliverable: Deliverable, prompt: string) =>
  DRAFTS[kind](fields, deliverable, prompt.toLowerCase());

import { Ajv } from 'ajv';
import { clipAtWord, sentenceCase, snakeCase } from '../lib/text-case';
import { modelKinds } from '../steps/registry';
import { CONCURRENCIES, INPUT_TYPES, planAnswerSchema, type InputType } from './plan-request';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Model Write`, `modelWrite`, `MODEL_WRITE`, `model-write` → `modelwrite`: how two spellings of one name compare. */
const loose = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** `customerName` → `customer name`, `URLList` → `URL List`: camel case read as words. */
const camelWords = (text: string) =>
  text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');

const KEY_LIMIT = 40;
const keyOf = (name: string) => clipAtWord(snakeCase(camelWords(name)), KEY_LIMIT, '_');

/** Other words models use for the input types (JSON Schema's and forms'), loosely spelled. */
const TYPE_SYNONYMS: Record<string, InputType> = {
  ...Object.fromEntries(INPUT_TYPES.map((type) => [loose(type), type])),
  ...Object.fromEntries(['string', 'str', 'text', 'line', 'textfield', 'input'].map((w) => [w, 'short text'])),
  ...Object.fromEntries(['paragraph', 'textarea', 'multiline', 'richtext', 'markdown'].map((w) => [w, 'long text'])),
  ...Object.fromEntries(['integer', 'int', 'count'].map((w) => [w, 'whole number'])),
  ...Object.fromEntries(['float', 'decimal', 'double', 'numeric', 'amount', 'money'].map((w) => [w, 'number'])),
  ...Object.fromEntries(['boolean', 'bool', 'checkbox', 'toggle', 'yesorno'].map((w) => [w, 'yes/no'])),
  ...Object.fromEntries(['emailaddress', 'mail'].map((w) => [w, 'email'])),
  ...Object.fromEntries(['url', 'uri', 'link', 'webaddress'].map((w) => [w, 'website'])),
  ...Object.fromEntries(['datetime', 'timestamp'].map((w) => [w, 'date and time'])),
  time: 'time of day',
  ...Object.fromEntries(['enum', 'select', 'option', 'options', 'dropdown', 'radio'].map((w) => [w, 'choice'])),
  ...Object.fromEntries(['array', 'list', 'strings', 'tags'].map((w) => [w, 'list of texts'])),
};

/** JSON Schema formats of a string, and of a list's items, as input types. */
const FORMATS: Record<string, InputType> = {
  email: 'email',
  uri: 'website',
  url: 'website',
  date: 'date',
  datetime: 'date and time',
  time: 'time of day',
};
const LIST_FORMATS: Record<string, InputType> = {
  email: 'list of emails',
  uri: 'list of websites',
  url: 'list of websites',
};

/** Other spellings of the enum values the schema asks for (beyond loose spelling), by property. */
const VALUE_SYNONYMS: Record<string, Record<string, string>> = {
  format: { md: 'markdown', txt: 'text', plaintext: 'text' },
};

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null;

/** The allowed values an input names, under any of the names models give them. */
const choicesOf = (input: Json): string[] | null =>
  strings(input.choices) ?? strings(input.enum) ?? strings(input.options) ?? strings(input.values);

/** The input type a model means by an input (or a JSON Schema property): its `type`, `format`, `items` and values. */
function inputType(input: Json): unknown {
  const given = Array.isArray(input.type) ? input.type.find((type) => type !== 'null') : input.type;
  if (given !== undefined && typeof given !== 'string') return given;
  const word = loose(given ?? (choicesOf(input) ? 'choice' : 'string'));
  const exact = INPUT_TYPES.find((type) => loose(type) === word);
  if (exact) return exact;
  const format = typeof input.format === 'string' ? loose(input.format) : '';
  if ((word === 'string' || word === 'text') && choicesOf(input)?.length) return 'choice';
  if ((word === 'string' || word === 'text') && FORMATS[format]) return FORMATS[format];
  if (word === 'array' || word === 'list') {
    const items = isObject(input.items) ? input.items : {};
    const itemFormat = typeof items.format === 'string' ? loose(items.format) : '';
    if (LIST_FORMATS[itemFormat]) return LIST_FORMATS[itemFormat];
  }
  return TYPE_SYNONYMS[word] ?? given;
}

/** One input of the plan, with the names and spellings models use for its parts read as the schema's. */
function normaliseInput(input: unknown): unknown {
  if (!isObject(input)) return input;
  const key = input.key ?? input.name ?? input.id;
  const title = input.title ?? input.label ?? input.name;
  return { ...input, key, title, type: inputType(input), choices: choicesOf(input) ?? input.choices ?? null };
}

/** Inputs given as a JSON Schema (`{type: 'object', properties, required}`) as the plan's inputs. */
function inputsOfSchema(schema: Json): unknown[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set((strings(schema.required) ?? []).map(loose));
  return Object.entries(properties).map(([name, given]) => {
    const property = isObject(given) ? given : {};
    const key = keyOf(name);
    return normaliseInput({
      ...property,
      key,
      title: typeof property.title === 'string' ? property.title : sentenceCase(key),
      description: typeof property.description === 'string' ? property.description : '',
      required: required.has(loose(name)) || required.has(loose(key)),
    });
  });
}

/** The kinds the model may choose, by their loose spelling and their label's. */
const KINDS = new Map<string, string>(
  modelKinds().flatMap((kind) => [
    [loose(kind.label), kind.kind],
    [loose(kind.kind), kind.kind],
  ]),
);

function normaliseStep(step: unknown): unknown {
  if (!isObject(step)) return step;
  const given = step.kind ?? step.type;
  const kind = typeof given === 'string' ? (KINDS.get(loose(given)) ?? given) : given;
  return { ...step, kind };
}

/** Every string given for an enum of the schema, matched loosely to the value it spells. */
function matchEnums(value: unknown, schema: Json, name = ''): unknown {
  if (Array.isArray(value)) {
    const items = isObject(schema.items) ? schema.items : null;
    return items ? value.map((item) => matchEnums(item, items, name)) : value;
  }
  if (isObject(value) && isObject(schema.properties)) {
    const properties = schema.properties;
    const out: Json = { ...value };
    for (const [key, property] of Object.entries(properties))
      if (key in out && isObject(property)) out[key] = matchEnums(out[key], property, key);
    return out;
  }
  const allowed = strings(schema.enum);
  if (typeof value !== 'string' || !allowed || allowed.includes(value)) return value;
  const spelled = VALUE_SYNONYMS[name]?.[loose(value)] ?? value;
  return allowed.find((option) => loose(option) === loose(spelled)) ?? value;
}

/** A copy of the answer schema where what a lenient answer leaves out has a default. */
function withDefaults(schema: Json): Json {
  const copy = structuredClone(schema);
  const properties = copy.properties as Record<string, Json>;
  properties.concurrency!.default = CONCURRENCIES[Math.floor(CONCURRENCIES.length / 2)];
  properties.notes!.default = [];
  properties.inputs!.default = [];
  const input = (properties.inputs!.items as Json).properties as Record<string, Json>;
  input.required!.default = true;
  input.description!.default = '';
  input.title!.default = '';
  input.choices!.default = null;
  for (const [name, property] of Object.entries((properties.steps!.items as Json).properties as Record<string, Json>)) {
    const types = Array.isArray(property.type) ? property.type : [property.type];
    if (name !== 'kind' && types.includes('null')) property.default = null;
  }
  return copy;
}

let lenient: ReturnType<Ajv['compile']> | null = null;

/**
 * Makes an answer fit the plan's schema where it only misspells it, so that only what is really
 * wrong goes back to the model: a plan given as a JSON Schema's `inputs` or `input_schema` read as
 * the inputs; step kinds and input types matched loosely (`Model Write` → `model_write`, `string` →
 * `short text`), as is every other enum; missing nullable parameters null, missing notes none, a
 * missing concurrency the middle one; unknown properties dropped; `"2"` and `"true"` read as 2 and
 * true. The answer itself is not changed; what does not fit still does not, for the check to report.
 */
export function normalisePlanAnswer(answer: unknown): unknown {
  if (!isObject(answer)) return answer;
  const plan: Json = structuredClone(answer);
  const inputSchema = [plan.inputs, plan.input_schema].find(isObject);
  if (Array.isArray(plan.inputs)) plan.inputs = plan.inputs.map(normaliseInput);
  else if (inputSchema)
    // A schema, or only its properties by name.
    plan.inputs = inputsOfSchema(
      isObject(inputSchema.properties) || inputSchema.type === 'object' ? inputSchema : { properties: inputSchema },
    );
  if (plan.inputs === null) delete plan.inputs;
  if (plan.notes === null) delete plan.notes;
  if (plan.concurrency === null) delete plan.concurrency;
  if (Array.isArray(plan.steps)) plan.steps = plan.steps.map(normaliseStep);
  const schema = planAnswerSchema();
  const matched = matchEnums(plan, schema);
  if (!lenient) {
    const ajv = new Ajv({
      allErrors: true,
      strict: false,
      coerceTypes: true,
      removeAdditional: 'all',
      useDefaults: true,
    });
    lenient = ajv.compile(withDefaults(schema));
  }
  lenient(matched);
  return matched;
}

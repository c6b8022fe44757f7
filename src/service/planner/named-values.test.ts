/**
 * Values named and typed as a person means them: a value of things owned by no one, a text of
 * something, a bare item after a list, what a person chooses among values offered, what names
 * someone, what is done for them, spans of a year, counts a story states. Prompts written for the
 * test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; enum?: string[] };
const schema = (prompt: string) => {
  const input = planWorkflow(prompt, {}).input_schema;
  return { properties: (input?.properties ?? {}) as Record<string, Property>, required: input?.required ?? [] };
};
const keys = (prompt: string) => Object.keys(schema(prompt).properties);

describe('names of values', () => {
  it('keeps the things a value is of, and a person who owns one', () => {
    expect(keys('Write an estimate from the materials cost and the labour hours.')).toEqual([
      'materials_cost',
      'labour_hours',
    ]);
    expect(keys('Write a thank-you note using the guests name and the gift.')).toEqual(['guest_name', 'gift']);
  });

  it('names the text of something by the something', () => {
    expect(keys('Summarise the text of the lease and the tenant name.')).toEqual(['lease_text', 'tenant_name']);
  });

  it('keeps a bare value after a comma its own name, but a pair joined by "and" shares its owner', () => {
    expect(keys('boiler service sheet. customer address, date, engineer notes')).toEqual([
      'customer_address',
      'date',
      'engineer_notes',
    ]);
    expect(keys("Write a card with the venue's name and address.")).toEqual(['venue_name', 'venue_address']);
  });

  it('names a place something was found or left', () => {
    expect(keys('lost glove register: colour, where found, finder name')).toContain('location');
  });

  it('names what is done for someone by the thing done', () => {
    expect(keys('Write a quote from the address and whether they want us to do the ironing.')).toContain(
      'wants_ironing',
    );
  });
});

describe('what a person gives', () => {
  it('gives what the person chooses among values offered, and a name they give', () => {
    const { properties } = schema(
      "Make a nail care card. Choose the nail shape (square, oval or almond), and give the client's first name.",
    );
    expect(properties.nail_shape?.enum).toEqual(['square', 'oval', 'almond']);
    expect(Object.keys(properties)).toContain('first_name');
  });

  it('goes on with a list after "Plus"', () => {
    expect(
      keys("Write a welcome pack. Room type: single or double. Plus the guest's name and their arrival date."),
    ).toEqual(['room_type', 'guest_name', 'arrival_date']);
  });

  it('lets a value in a unit be left out when the brackets say so', () => {
    const { required } = schema('Fields: event name, distance in km (optional), start time.');
    expect(required).not.toContain('distance');
    expect(required).toContain('event_name');
  });
});

describe('kinds of value', () => {
  it('counts storeys, reads a tax year as a span and dietary needs as free text', () => {
    const { properties } = schema(
      'Write a gutter cleaning quote from the storeys, the tax year and any dietary needs of the crew.',
    );
    expect(properties.storeys?.type).toBe('integer');
    expect(properties.tax_year?.type).toBe('string');
    expect(Object.entries(properties).find(([key]) => key.includes('dietary'))?.[1].type).toBe('string');
  });

  it('reads how many things a story says there are as said, not asked', () => {
    expect(
      keys('We are a bakery with three ovens. Write a daily bake list from the orders and the date.'),
    ).not.toContain('ovens');
  });
});

describe('kinds offered', () => {
  it('gives the kind of what a made thing is for, or of a place gone to', () => {
    expect(
      schema('Write a survey report for a barn, cottage or townhouse with the floor area.').properties.type?.enum,
    ).toEqual(['barn', 'cottage', 'townhouse']);
    expect(
      schema('Make a shipping docket for a crate, drum or sack consignment, with the weight.').properties
        .consignment_type?.enum,
    ).toEqual(['crate', 'drum', 'sack']);
    expect(
      schema('Make a welcome sheet for guests to a venue (barn, marquee or hall), with the guest name.').properties
        .venue_type?.enum,
    ).toEqual(['barn', 'marquee', 'hall']);
  });

  it('reads a choice a relative clause offers, "whose" or "that is either"', () => {
    expect(
      schema('Write a note about a delivery whose status is late, lost or damaged, using the order number.').properties
        .status?.enum,
    ).toEqual(['late', 'lost', 'damaged']);
  });

  it('does not offer a kind of what the job sets itself', () => {
    expect(keys('Sort incoming emails and set urgency (high, normal or low). Input is the email text.')).not.toContain(
      'urgency_type',
    );
  });
});

describe('more choices and texts', () => {
  it('reads "where the reason was A, B or C" as a choice of reason', () => {
    expect(
      schema('Write a note to a tenant about a repair where the cause was wear, damage or misuse, using their name.')
        .properties.cause?.enum,
    ).toEqual(['wear', 'damage', 'misuse']);
  });

  it('reads a reflection as free text', () => {
    expect(schema('training diary: session, coach, reflection').properties.reflection?.type).toBe('string');
  });
});

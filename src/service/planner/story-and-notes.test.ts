/**
 * What the story around a request says, read as story: what others are wont to bring, examples that
 * trail off, a relative clause, a place someone works out of, whom a tool is for. And notes about a
 * thing named by the thing, the first person of a list given, a bracket that names another.
 * Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const plan = (prompt: string) => planWorkflow(prompt, {});
const keys = (prompt: string) => Object.keys(plan(prompt).input_schema?.properties ?? {});

describe('the story around a request', () => {
  it('leaves out what others are wont to bring, but not what they give the person', () => {
    expect(
      keys(
        'We hire out canoes. Customers usually ring ahead with worries about the weather. I want a workflow where I type their name and the trip date and it writes a reassuring note.',
      ),
    ).toEqual(['name', 'trip_date']);
    expect(keys('Compare the hours they have booked with the hours allowed and tell me if they are over.')).toContain(
      'hours_allowed',
    );
    expect(
      keys('Customers usually give us their name, their seat number and the fault. Write a repair ticket.'),
    ).toEqual(['name', 'seat_number', 'fault']);
  });

  it('reads topics that trail off with "and so on" as examples', () => {
    expect(
      keys(
        'Parents often message us with questions about uniform, lunches, clubs and so on. I paste in their message and their name and want a friendly answer drafted.',
      ),
    ).toEqual(['message', 'name']);
  });

  it('reads ", which takes ages" as more about what went before, not a question to ask', () => {
    expect(
      keys(
        'I copy every order into a spreadsheet by hand, which takes ages. Write a packing slip from the order number and the products.',
      ),
    ).toEqual(['order_number', 'products']);
  });

  it('does not take "working out of" a place for working something out', () => {
    const { name } = plan(
      "I'm a dog walker working out of a van in Hove. Please make something that turns my scribbled notes into a tidy walk report.",
    );
    expect(name).not.toMatch(/Calculator|Van/);
    expect(name).toMatch(/Walk Report/);
  });

  it('names the job a tool is made for someone to do, and not the someone', () => {
    expect(
      plan(
        'Could you make something for my bakery that writes a price label if I give you the cake name and the price?',
      ).name,
    ).toBe('Price Label');
    expect(
      plan(
        'We are a tiny theatre. Sales go up and down. Please make a workflow that writes a show announcement from the show title and the opening night.',
      ).name,
    ).toBe('Show Announcement');
  });
});

describe('lists and notes', () => {
  it('names notes about a thing by the thing, but keeps a note on a value its own', () => {
    expect(keys('Write an advert from the price and a few notes about the boat.')).toEqual(['price', 'boat_notes']);
    expect(keys('Write a report from the pupil name and my comments on their project.')).toEqual([
      'pupil_name',
      'project_comments',
    ]);
    expect(keys('Write a menu card from the dishes and an optional note on dietary requirements.')).toEqual([
      'dishes',
      'dietary_requirements',
    ]);
  });

  it('keeps a person who opens a list given', () => {
    expect(keys('Log a delivery given the courier, the parcel count and the time it arrived.')[0]).toBe('courier');
  });

  it('reads "(or their parents)" as another who, not a choice', () => {
    const properties = plan('Write to each player (or their parents) with their name and the match date.').input_schema
      ?.properties as Record<string, { enum?: string[] }>;
    expect(Object.values(properties).some((p) => p.enum)).toBe(false);
  });
});

describe('what the person wants made', () => {
  it('names what the person wants to write, and a compound the tagger read as a verb', () => {
    expect(
      plan(
        'hi, we run a choir and we want to write concert programme notes. I would give the piece title and the composer.',
      ).name,
    ).toBe('Concert Programme Notes');
  });

  it('names a message of a kind alone by its occasion, not by whom it goes to', () => {
    expect(
      plan(
        'We run a piano school and pupils sometimes skip lessons. I would like something that writes a polite but clear message to the parent after a missed lesson, using the pupil name.',
      ).name,
    ).toBe('Missed Lesson Message');
  });
});

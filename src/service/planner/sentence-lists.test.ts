/**
 * A request followed by a sentence that only lists what it needs, or that bids the job be given
 * them: "Give page URL, …", "Give it the …", "My CV text, …", "Name of the deceased, …", "Hours per
 * week, …". Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const keys = (prompt: string) => Object.keys(planWorkflow(prompt, {}).input_schema?.properties ?? {});

describe('a sentence that lists what the job needs', () => {
  it('reads a value named with the thing made, after the inputs were listed, as part of what is made', () => {
    expect(
      keys(
        "I'd like to type in the guest's name, the number of nights and the room type, and get back a short confirmation with the total cost.",
      ),
    ).toEqual(['guest_name', 'number_of_nights', 'room_type']);
    // Only what the job works out goes with what it makes: an amount due is still given.
    expect(
      keys('Enter the client name and the invoice number and get back a reminder email with the amount due'),
    ).toContain('amount_due');
    // With no inputs listed before it, the value named with the message is what the person gives.
    expect(keys('Write a payment reminder email with the amount owed')).toContain('amount_owed');
  });

  it('reads "Give …" and "Give it the …" as what the job is given, and "… and give feedback" as what it makes', () => {
    expect(
      keys('We write product blurbs. Give product URL, target keyword, and the brand name; return a short blurb.'),
    ).toEqual(['product_url', 'target_keyword', 'brand_name']);
    expect(
      keys('Make a weekly bulletin for our choir. Give it the concert dates, the rehearsal venue and the soloists.'),
    ).toEqual(['concert_dates', 'rehearsal_venue', 'soloists']);
    expect(keys('Read the cover letter and give feedback, a mark and two tips.')).toEqual(['cover_letter']);
    expect(keys('Read the pitch and give it a score out of 10.')).toEqual(['pitch']);
  });

  it('reads a list that opens with "my", "name of the …" or "… per week"', () => {
    expect(keys('Write a personal statement. My work history, the course title, university name.')).toEqual([
      'work_history',
      'course_title',
      'university_name',
    ]);
    expect(keys('Write a locum advert. Sessions per week, day rate, start date.')).toEqual([
      'sessions_per_week',
      'day_rate',
      'start_date',
    ]);
  });

  it('reads "the deceased" and "the recipient" as people, and goes on past "relationship to the recipient"', () => {
    expect(
      keys("Write a sympathy card. Name of the deceased, relationship to the recipient, and the recipient's name."),
    ).toEqual(['deceased_name', 'relationship', 'recipient_name']);
  });
});

describe('what the person is bidden give', () => {
  it('reads "Ask for …" as what the job is given, and a thing "I give you" or "I type in" as given', () => {
    expect(keys('When is the next library visit? Ask for the school name and the year group.')).toEqual([
      'school_name',
      'year_group',
    ]);
    expect(keys('Couples always ask for a rundown of the day. Write it from the wedding date.')).toEqual([
      'wedding_date',
    ]);
    expect(keys('Trim this article to a reading time I give you.')).toContain('reading_time');
    expect(keys('Convert a menu from dollars to pounds at the rate I type in each time.')).not.toContain('time');
    expect(keys('Write a reminder. The deadline we give them is always 31 March.')).not.toContain('deadline');
  });

  it('reads "# servers" as a count, and values parted by bars as a choice', () => {
    const plan = planWorkflow('tip split - total tips, # waiters, # of chefs, chef share %', {});
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual([
      'total_tips',
      'number_of_waiters',
      'number_of_chefs',
      'chef_share_percent',
    ]);
    const form = planWorkflow('Write a post. Inputs: the offer, channel [Email | SMS | Post].', {}).input_schema
      ?.properties as Record<string, { enum?: string[] }> | undefined;
    expect(form?.channel?.enum).toEqual(['email', 'SMS', 'post']);
  });

  it('reads a verb of giving that opens a sentence as a verb, though written with a capital', () => {
    expect(keys('Paste in a tenancy agreement and pull out the rent and the start date.')).toContain(
      'tenancy_agreement',
    );
  });
});

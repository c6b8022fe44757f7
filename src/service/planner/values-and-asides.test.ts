/**
 * Values said in a list of inputs, and what is said beside them: a comma before the last "or"; sizes
 * right after their noun; "yes or no" after an item; a word that is English is no slip for a verb;
 * "(if any)" after what qualifies a thing; a polite wish; "the names of the guests"; what a value
 * includes. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';
import { plannedProperties as properties, plannedTypes as typed } from '../test-support/planned-inputs';

const required = (prompt: string) => planWorkflow(prompt, {}).input_schema?.required ?? [];

describe('a choice in brackets', () => {
  it('keeps a value of two words after a comma before the "or"', () => {
    const asked = properties("Book a grooming with the dog's name and the package (wash, trim, or nail clip).");
    expect(asked.package?.enum).toEqual(['wash', 'trim', 'nail clip']);
  });
});

describe('values right after the thing they are of', () => {
  it('are its choice, with commas between them', () => {
    const asked = properties('Pizza order: customer name, pizza size small, medium or large, toppings.');
    expect(Object.keys(asked)).toEqual(['customer_name', 'pizza_size', 'toppings']);
    expect(asked.pizza_size?.enum).toEqual(['small', 'medium', 'large']);
  });

  it('leave a thing listed before a pair its own item', () => {
    expect(Object.keys(properties('Job ad: role, salary range, remote or hybrid, closing date.'))).toContain(
      'salary_range',
    );
  });
});

describe('an item of a list', () => {
  it('said "yes or no" is a yes-or-no input', () => {
    expect(typed('Holiday let listing: address, nightly price, hot tub yes or no, description.')).toEqual({
      address: 'string',
      nightly_price: 'number',
      hot_tub: 'boolean',
      description: 'string',
    });
  });

  it('that is an English word is read as written, never as a verb one letter away', () => {
    expect(Object.keys(properties('Concert poster: concert title, venue, date.'))).toContain('concert_title');
  });

  it('keeps no more than its name when it says what it includes', () => {
    expect(Object.keys(properties("Registration: parent name, home address incl postcode, child's age."))).toContain(
      'home_address',
    );
    expect(Object.keys(properties('Work out the tax from total sales and total costs (both including VAT).'))).toEqual([
      'total_sales',
      'total_costs',
    ]);
  });
});

describe('a thing the person may leave out', () => {
  it('is said so after what qualifies it', () => {
    expect(required('Bill a client: client name, hours worked and expenses claimed (if any).')).not.toContain(
      'expenses',
    );
    const raffle =
      'Make a raffle notice from the raffle date, the ticket price and the prize for the winner if there is one.';
    expect(Object.keys(properties(raffle))).toContain('prize');
    expect(required(raffle)).not.toContain('prize');
  });
});

describe('names said in other words', () => {
  it('read a polite wish as a want', () => {
    const asked = properties(
      "Reply to a hotel guest with their name, arrival date and whether they'd like an airport transfer.",
    );
    expect(asked.wants_airport_transfer?.type).toBe('boolean');
  });

  it('say a plural once: the names of the guests are the guest names', () => {
    expect(typed('Seating plan from the names of the guests and the numbers of the tables.')).toEqual({
      guest_names: 'array',
      table_numbers: 'array',
    });
  });
});

describe('a measure named by its unit or its short name', () => {
  it('is a number', () => {
    expect(typed('Skip hire quote: site address, weeks hire, skip size.')).toMatchObject({ weeks_hire: 'integer' });
    expect(typed("Trip cost from the miles driven, the car's mpg and the fuel price per litre.")).toMatchObject({
      mpg: 'number',
    });
    expect(typed('Chaser for club members: member name, weeks owed and the monthly sub.')).toMatchObject({
      monthly_sub: 'number',
    });
    expect(typed('Restock check: product, stock on hand and the reorder point.')).toMatchObject({
      reorder_point: 'integer',
    });
  });
});

describe('a list of inputs goes on', () => {
  it('past two things a slash parts', () => {
    expect(Object.keys(properties('Tyre booking: reg, make/model, tyre size, booking date.'))).toEqual(
      expect.arrayContaining(['reg', 'make', 'tyre_size', 'booking_date']),
    );
  });

  it('past a question that ends at its clause', () => {
    expect(
      Object.keys(
        properties(
          "I want a cleaning quote. It needs the client's name, which rooms they want done, the number of bedrooms.",
        ),
      ),
    ).toEqual(['client_name', 'rooms', 'number_of_bedrooms']);
  });

  it('when it says what changes from run to run', () => {
    expect(
      Object.keys(
        properties(
          "I want a cleaning quote. The things that change each time are the client's name, which rooms they want done and the hours.",
        ),
      ),
    ).toEqual(['client_name', 'rooms', 'hours']);
  });
});

describe('days named after the thing they are of', () => {
  it('are its choice', () => {
    const asked = properties('Milk round order: customer name, delivery day monday or thursday, pints.');
    expect(asked.delivery_day?.enum).toEqual(['monday', 'thursday']);
  });
});

describe('words read as written', () => {
  it('keeps a British spelling of a value', () => {
    expect(
      properties('Key cutting order: the number of keys, the key type (yale, mortice or padlock).').key_type?.enum,
    ).toEqual(['yale', 'mortice', 'padlock']);
  });

  it('keeps the verb after "they\'re" out of the first value', () => {
    expect(
      properties("Dentist letter - patient name, and whether they're paying NHS or private.").nhs_or_private?.enum,
    ).toEqual(['nhs', 'private']);
  });

  it('reads "the following" as what opens the list, no input', () => {
    expect(
      Object.keys(properties('Please make an invoice from the following: client name, amount, due date.')),
    ).toEqual(['client_name', 'amount', 'due_date']);
  });
});

describe('where a journey starts and ends', () => {
  it('is named by its noun and what moves', () => {
    expect(
      Object.keys(properties('Courier quote: collecting from postcode, delivering to postcode, parcel weight.')),
    ).toEqual(['collecting_from_postcode', 'delivering_to_postcode', 'parcel_weight']);
  });

  it('is read in a sentence of its own after the heading', () => {
    expect(Object.keys(properties('Removal quote. Moving from postcode, moving to postcode, moving date.'))).toEqual([
      'moving_from_postcode',
      'moving_to_postcode',
      'moving_date',
    ]);
  });
});

describe('what someone wants done for them', () => {
  it('is named by the doing', () => {
    expect(Object.keys(properties('Party quote: the guest count and whether they want us to decorate.'))).toContain(
      'wants_decorating',
    );
  });
});

describe('where a thing belongs and where a link goes', () => {
  it('sorts it: the places are no input', () => {
    expect(
      Object.keys(properties('Read a note and decide whether it belongs with finance, payroll or admin.')),
    ).not.toContain('finance_payroll_or_admin');
  });

  it('names the link by what it goes to, and the list goes on after it', () => {
    expect(typed('Write a pitch email from the client name, a link to my showreel and my hourly rate.')).toEqual({
      client_name: 'string',
      showreel_link: 'string',
      hourly_rate: 'number',
    });
  });
});

describe('"if known" after a comma', () => {
  it('makes the last thing of a list one the person may leave out', () => {
    const prompt = 'Write a welcome email with their name, the course they booked and their access needs, if known.';
    expect(required(prompt)).not.toContain('access_needs');
  });

  it('leaves a condition after a comma alone', () => {
    expect(required('Check the invoice total, if it is over 500 flag it.')).toContain('invoice_total');
  });
});

describe('sales', () => {
  it('are a sum of money', () => {
    expect(typed('restock check - product, current stock, avg weekly sales')).toMatchObject({
      avg_weekly_sales: 'number',
    });
  });
});

describe('what arrives pasted', () => {
  const long = (prompt: string, key: string) =>
    (properties(prompt)[key] as { maxLength?: number } | undefined)?.maxLength ?? 0;

  it('is one block of text, whatever its words', () => {
    expect(
      long('Pull the actions out of the pasted minutes, with the meeting date.', 'minutes'),
    ).toBeGreaterThanOrEqual(1000);
    expect(
      long('Given a pasted credit card statement, list the subscriptions.', 'credit_card_statement'),
    ).toBeGreaterThanOrEqual(1000);
    expect(
      long("Compare what came in. I'll paste our stock list and the supplier's invoice.", 'stock_list'),
    ).toBeGreaterThanOrEqual(1000);
  });

  it('keeps a list with its columns a list', () => {
    const prompt = "Weekly summary. I'll paste the job list from our system (job name, value, stage).";
    expect(typed(prompt).job_list).toBe('array');
  });
});

describe('a name', () => {
  const named = (prompt: string) => planWorkflow(prompt, {}).name;

  it('reads "record" as the job it asks', () => {
    expect(named('Record a calving entry: cow tag number, calf weight.')).toBe('Calving Entry Record');
  });

  it("reads a heading's first word as part of what is made", () => {
    expect(named('Pay calc for warehouse staff: hours worked, hourly rate.')).toBe('Pay Calculation');
  });
});

describe('"whether the X is A or B"', () => {
  it('asks which kind of X it is', () => {
    const asked = properties('Booking note: guest name and whether the pitch is grass or hardstanding.');
    expect(asked.pitch_type?.enum).toEqual(['grass', 'hardstanding']);
  });
});

describe('how a thing is done', () => {
  it('names nothing', () => {
    const prompt =
      "I'm tired of writing invoices out by hand every week. I'd like to type in the client's name and the hours, and have it work out the invoice.";
    expect(planWorkflow(prompt, {}).name).not.toMatch(/hand/i);
  });
});

describe('a list and what each of its things has, after a colon', () => {
  it('is one list with its columns', () => {
    expect(typed('Make a fleet register from a list of vans: reg, make/model, mileage, driver.')).toEqual({
      vans: 'array',
    });
  });
});

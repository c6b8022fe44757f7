/**
 * Counts and occasions: "how many days they've taken" names its count by what was done, "years of
 * service" is one whole number, a count asked in a question is what the job answers, and what a
 * document is for ("for a retirement party") names it without becoming one more value to give.
 * Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const planOf = (prompt: string) => {
  const plan = planWorkflow(prompt, {});
  const properties = (plan.input_schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  return { name: plan.name, keys: Object.keys(properties), properties };
};

describe('counts a prompt names', () => {
  it('names a count by what the person did: "how many goals they have scored"', () => {
    const { keys, properties } = planOf(
      "Write a season recap for a player: their name, how many games they played and how many goals they've scored.",
    );
    expect(keys).toEqual(['name', 'games_played', 'goals_scored']);
    expect(properties.goals_scored?.type).toBe('integer');
  });

  it('keeps "number of" when the clause says what is planned, not what was done', () => {
    expect(planOf('Estimate the cost of a trip given the daily budget and how many days I plan to stay').keys).toEqual([
      'daily_budget',
      'number_of_days',
    ]);
  });

  it('reads "years of service" and "hours of overtime" as one count each', () => {
    const speech = planOf(
      "Write a speech for a retirement party, given the retiree's name and their years of service.",
    );
    expect(speech.keys).toEqual(['retiree_name', 'years_of_service']);
    expect(speech.properties.years_of_service?.type).toBe('integer');
    const pay = planOf('Work out overtime pay from the hours of overtime and the hourly rate');
    expect(pay.properties.hours_of_overtime?.type).toBe('number');
  });

  it('does not ask for the count a question asks: "how many staff do we need?"', () => {
    const { keys, name } = planOf('Given the opening hours and the expected footfall, how many staff do we need?');
    expect(keys).not.toContain('number_of_staff');
    expect(name).toBe('Staff Calculator');
  });

  it('does not name a job by a count listed among its inputs', () => {
    expect(
      planOf('Summarise a player’s season: their name, how many games they played and how many goals they scored').name,
    ).toBe('Player Season Summary');
    expect(
      planOf('Prepare onboarding questions for a new hire, based on their role, how many years they worked before')
        .name,
    ).toBe('Onboarding Questions');
  });

  it('names a job that counts things by the things: "estimate the number of vans needed"', () => {
    expect(planOf('Estimate the number of vans needed for a house move from the number of rooms.').name).toBe(
      'Van Estimate',
    );
  });
});

describe('what a document is for', () => {
  it('is no input when the inputs are listed, and names the document', () => {
    const gala = planOf('Draft an invitation for a charity gala with the date, the venue and the dress code');
    expect(gala.keys).toEqual(['date', 'venue', 'dress_code']);
    expect(gala.name).toBe('Charity Gala Invitation');
    const apology = planOf(
      'Write an apology to a guest for a noisy room. Use the guest’s name, the room number and the stay dates.',
    );
    expect(apology.keys).toEqual(['guest_name', 'room_number', 'stay_start_date', 'stay_end_date']);
  });

  it('reads what a summary lists after a colon as what it finds, not more inputs', () => {
    expect(
      planOf('Summarise the interview transcript I paste in: strengths, concerns and a hiring recommendation.').keys,
    ).toEqual(['interview_transcript']);
    // A list after a colon that is no text's summary stays the inputs.
    expect(planOf('Work out the delivery cost: parcel weight in kg and the distance in km').keys).toEqual([
      'parcel_weight',
      'distance',
    ]);
  });

  it('is no input when it says when: "after their first stay"', () => {
    expect(planOf('Write a welcome-back note after their first stay, using their name and room type').keys).toEqual([
      'name',
      'room_type',
    ]);
  });

  it('is asked for when nothing else is given: "a blog post for a target audience"', () => {
    expect(planOf('Write a blog post for a target audience').keys).toEqual(['target_audience']);
  });
});

describe('dates named by what happened, and lists a clause ends', () => {
  it('names a date by its event: "the date it was signed", "the day they moved out"', () => {
    const { keys, properties } = planOf(
      'Write a deposit return letter with the tenant’s name, the date the lease was signed and the day they moved out.',
    );
    expect(keys).toEqual(['tenant_name', 'lease_signed_date', 'moved_out_date']);
    expect(properties.moved_out_date?.format).toBe('date');
    const notice = planOf('Draft a price change notice with the new price and the date it takes effect.');
    expect(notice.keys).toEqual(['new_price', 'takes_effect_date']);
  });

  it('reads phrases after "the items I list, with" as inputs of their own, not its columns', () => {
    expect(
      planOf('Write a checklist from the tasks I list, with the client name and the account manager’s email.').keys,
    ).toEqual(expect.arrayContaining(['client_name', 'account_manager_email']));
  });

  it('reads meeting minutes as a text, not a count of minutes', () => {
    const { properties } = planOf('Turn the board meeting minutes into a short update for staff.');
    expect(properties.board_meeting_minutes?.type).toBe('string');
    expect(Number(properties.board_meeting_minutes?.maxLength)).toBeGreaterThanOrEqual(1000);
  });
});

describe('choices told apart from lists', () => {
  it('gives an input the choices told about it elsewhere', () => {
    const { properties } = planOf(
      "We offer three plans (bronze, silver and gold). I'll type in the member's name, email and plan.",
    );
    expect(properties.plan?.enum).toEqual(['bronze', 'silver', 'gold']);
    expect(Object.keys(properties)).not.toContain('plans');
  });

  it('reads a chain of "or" as one choice, after the values listed before it', () => {
    const { properties } = planOf('Write a menu card with dish name, price and diet: vegan or vegetarian or meat');
    expect(properties.diet?.enum).toEqual(['vegan', 'vegetarian', 'meat']);
    expect(Object.keys(properties)).toEqual(['dish_name', 'price', 'diet']);
  });

  it('reads "name, email, phone or address" as values to give, not one to choose', () => {
    expect(planOf('Write a contact card with name, email, phone or address').keys).toEqual([
      'name',
      'email',
      'phone',
      'address',
    ]);
  });
});

describe('inputs named by a clause', () => {
  it('reads "whether it is urgent or not" as yes or no, "whether they have booked X" by X, "whether they want X" as wants X', () => {
    const { properties } = planOf(
      "Write a reply to a guest with their name, whether the room was ready or not, and whether they've booked dinner",
    );
    expect(properties.room_ready?.type).toBe('boolean');
    expect(properties.booked_dinner?.type).toBe('boolean');
    expect(
      planOf('Write a hotel booking note with the guest name, the dates and whether they want breakfast').keys,
    ).toEqual(['guest_name', 'dates', 'wants_breakfast']);
    // What is wanted is a doing: "wants_to_upgrade", not "wants_upgrade".
    expect(
      planOf('Write a membership renewal note with the member name and whether they want to upgrade').keys,
    ).toEqual(['member_name', 'wants_to_upgrade']);
  });

  it('reads "the hire dates (start and end)" as two dates', () => {
    const { keys, properties } = planOf(
      'Draft a van hire agreement with the customer name, the van model, and the hire dates (start and end)',
    );
    expect(keys).toEqual(['customer_name', 'van_model', 'hire_date_start', 'hire_date_end']);
    expect(properties.hire_date_end).toMatchObject({ format: 'date' });
  });

  it('reads "grade (A to D)" as a choice of each letter, as written, and "effort (1-5)" as a whole number in range', () => {
    const { properties } = planOf(
      'Write a report card comment for a pupil: name, grade (A to D), effort (1-5) and a short note',
    );
    expect(properties.grade).toMatchObject({ enum: ['A', 'B', 'C', 'D'] });
    expect(properties.effort).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
  });

  it('reads "start and end dates", "pickup and drop-off dates" as one date each', () => {
    expect(planOf('Write a tenancy reference from the tenant name and their start and end dates').keys).toEqual([
      'tenant_name',
      'start_date',
      'end_date',
    ]);
    const hire = planOf(
      'Write a hire agreement from the customer name, van model, pickup and drop-off dates, and the deposit',
    );
    expect(hire.keys).toEqual(['customer_name', 'van_model', 'pickup_date', 'drop_off_date', 'deposit']);
    expect(hire.properties.drop_off_date).toMatchObject({ format: 'date' });
  });

  it('reads "which tools they need" as a list of tools', () => {
    expect(
      planOf('Write a welcome pack for a new hire: their name, their role and which tools they need').properties,
    ).toMatchObject({
      tools: { type: 'array' },
    });
  });

  it('names a person asked about by what is done with them: "who they report to"', () => {
    expect(planOf('Write an offer letter: name, salary, and who they report to').keys).toEqual([
      'name',
      'salary',
      'report_to',
    ]);
    expect(planOf("Write a visitor badge with the visitor's name and who they're visiting").keys).toEqual([
      'visitor_name',
      'visiting',
    ]);
  });

  it('goes on with a list that opens with a clause: "with how much they owe, the due date …"', () => {
    expect(planOf('Write a chaser with how much they owe, the invoice number and the due date.').keys).toEqual([
      'amount',
      'invoice_number',
      'due_date',
    ]);
  });

  it('reads "3 key points" in a list of values as things given, and "200 dollars" as stated', () => {
    expect(planOf("Write a LinkedIn post. I'll give the blog title, the URL and 3 key points.").keys).toEqual([
      'blog_title',
      'url',
      'key_points',
    ]);
    expect(planOf('Plan a team lunch for 8 people with a budget of 200 dollars').keys).toEqual([]);
  });

  it('reads "what happened" and "how many days late" as what they tell', () => {
    const { properties } = planOf(
      'Write an incident note with the location, what happened, and how many days late the report is',
    );
    expect(Number(properties.what_happened?.maxLength)).toBeGreaterThanOrEqual(1000);
    expect(properties.days_late?.type).toBe('integer');
  });
});

describe('choices with no name of their own', () => {
  it('names a choice in a list of inputs by what its values are, else by its values', () => {
    const { properties } = planOf('Write a booking note with the guest name and whether they want a twin or a double');
    expect(properties.room_type).toMatchObject({ enum: ['twin', 'double'], title: 'Room type' });
    const call = planOf('Write a meeting invite: name, date, and whether it is by phone, video or visit');
    expect(Object.keys(call.properties)).toEqual(['name', 'date', 'format']);
    expect(
      planOf('Write setup steps for a new laptop, depending on whether they use Windows, macOS or Linux').keys,
    ).toEqual(['operating_system']);
    const lunch = planOf('Write a lunch order note with the name and whether they want soup, salad or a sandwich');
    expect(lunch.properties.soup_salad_or_sandwich?.enum).toEqual(['soup', 'salad', 'sandwich']);
  });

  it('reads "tip %" as a percentage to give', () => {
    expect(planOf('bill splitter - total bill, number of people, tip %').keys).toEqual([
      'total_bill',
      'number_of_people',
      'tip_percent',
    ]);
  });

  it('reads "how many cupcakes fit on a tray" as a count for each tray, and "so give the total too" as what is made', () => {
    const plan = planOf(
      'Our bakery plans trays by hand. Given the number of cupcakes and how many cupcakes fit on a tray, work out how many trays we need. Each tray costs 2 EUR to bake, so give the baking total too.',
    );
    expect(plan.keys).toEqual(['number_of_cupcakes', 'cupcakes_per_tray']);
    expect(plan.properties.cupcakes_per_tray).toMatchObject({ type: 'integer' });
    expect(plan.name).toBe('Tray Calculator');
  });

  it('reads "the number of seats per car" as seats per car, and a premium or a diameter in mm as numbers', () => {
    expect(
      planOf('Plan a car rota from the list of staff names and the number of seats per car').properties,
    ).toMatchObject({
      seats_per_car: { type: 'integer' },
    });
    expect(planOf('Check a bolt: the batch number and the measured diameter in mm').properties).toMatchObject({
      measured_diameter: { type: 'number' },
    });
    expect(planOf('Work out the monthly instalment from the annual premium').properties).toMatchObject({
      annual_premium: { type: 'number' },
    });
  });
});

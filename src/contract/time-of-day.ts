/**
 * A time of day as a person gives it: "14:30", "14:30:00", "14:30:00+01:00". RFC 3339's full-time
 * wants seconds and an offset, which a time picker does not give and a person at a form does not
 * know; a time without one is local (x-local-choices `time-of-day`). Apart from input-formats.ts, so
 * the run form can use it without a second copy of ajv-formats.
 */
export const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

import { randomInt } from 'node:crypto';

/** +4795000000 to +4799999999: bulk seeds use +4791…, members.spec +474…. */
const FIRST = 95_000_000;
const NUMBERS = 5_000_000;
let next = randomInt(NUMBERS);

/**
 * A valid Norwegian mobile number no other call in this process returned. Numbers are taken in order from a random start,
 * so two test processes sharing a database meet only if their runs of numbers overlap; independent random draws met by
 * the birthday rule (one e2e run creates thousands of people, and User.phone is unique).
 */
export function uniquePhone(): string {
  next = (next + 1) % NUMBERS;
  return `+47${FIRST + next}`;
}

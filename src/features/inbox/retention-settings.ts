/** How long enquiries are kept before they are deleted: 24 months unless configured otherwise. */
export const DEFAULT_RETENTION_MONTHS = 24;

/** How long an enquiry filed as spam is kept after it arrived: 30 days unless configured otherwise. */
export const DEFAULT_SPAM_RETENTION_DAYS = 30;

/** A period setting as a whole number within its range; unset or blank means its default. */
function period(name: string, unit: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${name} must be a whole number of ${unit} from 1 to ${max}, not "${value}"`);
  }
  return n;
}

/**
 * SUBMISSION_RETENTION_MONTHS as a whole number of months from 1 to 120; unset means the default. The
 * contact page states the same figure, read at build from the same variable.
 */
export const retentionMonths = (value: string | undefined) =>
  period("SUBMISSION_RETENTION_MONTHS", "months", value, DEFAULT_RETENTION_MONTHS, 120);

/** SPAM_RETENTION_DAYS as a whole number of days from 1 to 365; unset means the default. */
export const spamRetentionDays = (value: string | undefined) =>
  period("SPAM_RETENTION_DAYS", "days", value, DEFAULT_SPAM_RETENTION_DAYS, 365);

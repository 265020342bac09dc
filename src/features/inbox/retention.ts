/** How long enquiries are kept before they are deleted: 24 months unless configured otherwise. */
export const DEFAULT_RETENTION_MONTHS = 24;

/**
 * SUBMISSION_RETENTION_MONTHS as a whole number of months from 1 to 120; unset means the default. The
 * contact page states the same figure, read at build from the same variable.
 */
export function retentionMonths(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_RETENTION_MONTHS;
  const months = Number(value);
  if (!Number.isInteger(months) || months < 1 || months > 120) {
    throw new Error(`SUBMISSION_RETENTION_MONTHS must be a whole number of months from 1 to 120, not "${value}"`);
  }
  return months;
}

/** How long an enquiry filed as spam is kept after it arrived: 30 days unless configured otherwise. */
export const DEFAULT_SPAM_RETENTION_DAYS = 30;

/** SPAM_RETENTION_DAYS as a whole number of days from 1 to 365; unset means the default. */
export function spamRetentionDays(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_SPAM_RETENTION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 365) {
    throw new Error(`SPAM_RETENTION_DAYS must be a whole number of days from 1 to 365, not "${value}"`);
  }
  return days;
}

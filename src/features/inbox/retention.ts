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

/** A whole number from `least` to `most`, both included. */
export const isWholeFrom = (
  value: unknown,
  least: number,
  most: number,
): value is number =>
  Number.isInteger(value) &&
  (value as number) >= least &&
  (value as number) <= most

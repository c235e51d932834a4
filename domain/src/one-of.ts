/** The guard of a list of codes: whether a value is one of them (`isBenefitType = oneOf(BENEFIT_TYPES)`). */
export const oneOf =
  <T extends string>(codes: readonly T[]) =>
  (value: unknown): value is T =>
    (codes as readonly unknown[]).includes(value);

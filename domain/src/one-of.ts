/** The guard of a list of codes: whether a value is one of them (`isBenefitType = oneOf(BENEFIT_TYPES)`). */
export const oneOf =
  <T extends string>(codes: readonly T[]) =>
  (value: unknown): value is T =>
    (codes as readonly unknown[]).includes(value);

/**
 * The codes of a list written once, as the words each code reads as: the codes in the order written
 * (`CLIENT_PHASES = codesOf(CLIENT_PHASE_LABELS)`), ready for a select or a `z.enum`.
 */
export const codesOf = <T extends string>(labels: Readonly<Record<T, unknown>>) =>
  Object.keys(labels) as unknown as readonly [T, ...T[]];

/** A list of codes written once with their labels, kept together (`EMPLOYEE_TYPE.codes`, `.labels`). */
export const labelled = <Code extends string>(labels: Record<Code, string>) => ({
  codes: codesOf(labels),
  labels,
});

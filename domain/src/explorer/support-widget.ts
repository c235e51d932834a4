// The support widget's load limit on its own, so the portal's shell can use it without the Explorer's rules.

/** platform §9: a support widget that is not ready after 6 s logs a warning. */
export const SUPPORT_WIDGET_LOAD_WARNING_MS = 6_000;

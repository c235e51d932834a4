/** The template databases of a test run (testing/global-setup.ts makes them, testing/db.ts copies them). */
export const MIGRATED_TEMPLATE = 'template_migrated';
export const SEEDED_TEMPLATE = 'template_seeded';

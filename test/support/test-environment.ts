/**
 * Loaded by mocha (.mocharc.json "require") before any test module, so before Ink is imported.
 *
 * Ink reads `CI` / `CONTINUOUS_INTEGRATION` once, at import, and in CI writes no frame until the
 * app unmounts (its non-interactive mode). The terminal channel's interactive tests read the
 * frames an engineer would see at a real terminal, so the test process must not look like CI to
 * Ink, even when CI runs it (the CI run of 2026-11-26 failed, then hung, on exactly this).
 */
delete process.env['CI'];
delete process.env['CONTINUOUS_INTEGRATION'];

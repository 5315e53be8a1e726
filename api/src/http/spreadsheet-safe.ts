const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * Text that a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading
 * apostrophe, so opening an export never executes anything. Every CSV the api writes passes its
 * fields through this (the library export, the campaign exports).
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_LEAD.test(value) ? `'${value}` : value;
}

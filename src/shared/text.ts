// Text helpers shared by the server and the client.

/** lower case without accents, so 'Modele' finds 'Modèle', 'depot' finds 'Dépôt' and 'ALCOOL' finds 'alcool' */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A CSV cell a spreadsheet would run as a formula (OWASP, CSV injection): it starts with =, @, a
 * tab or a carriage return, or with + or - when it is not exactly a number (-12.5 and +3 stay
 * numbers, so they import again as numbers). One rule for the server's exports and the
 * browser's files of rows to fix. */
export const CSV_FORMULA_CELL = /^[=@\t\r]|^[+-](?!\d+(\.\d+)?$)/;

/**
 * Every table, as the concern that owns it declares it: each module's tables.ts merges its own
 * tables into this interface (`declare module '../db/tables.ts'`), so that db/ imports no
 * concern and every store still queries one typed database. The composition root
 * (src/modules.ts) lists the same modules' migrations.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}

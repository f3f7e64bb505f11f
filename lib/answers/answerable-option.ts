import { ApiError } from '@/lib/api-error';
import { optionNumbered, storedResponseOptions, type ResponseOption } from './response-options';

/**
 * The option an answer from the app or a tap-to-answer link names, while the alert takes answers: 409 once it is closed,
 * 400 for a number that is none of its options.
 */
export function answerableOption(alert: { status: string; responseOptions: unknown }, option: number): ResponseOption {
  if (alert.status !== 'active') throw ApiError.conflict('The alert is closed: it takes no more answers');
  const options = storedResponseOptions(alert.responseOptions);
  const chosen = optionNumbered(options, option);
  if (!chosen) {
    throw ApiError.badRequest(
      options.length ? `option must be a number from 1 to ${options.length}` : 'The alert has no response options',
    );
  }
  return chosen;
}

import { route } from '@/lib/http/route';
import { answerUnknownApiPath } from '@/lib/http/answer-unknown-api-path';

const unknownPath = route({ auth: 'none', undocumented: true }, answerUnknownApiPath);

export {
  unknownPath as GET,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};

import { route } from '@/lib/http/route';
import { answerUnknownScimPath } from '@/lib/scim/answer-unknown-scim-path';

// Every /scim/v2 path no other route file has, with every method: after the directory key (401 without a valid one,
// as every SCIM route), a SCIM 404, written to the provisioning log.
const unknownPath = route({ auth: 'directory' }, answerUnknownScimPath);

export {
  unknownPath as GET,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};

import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { instanceSettingsBody } from '@/lib/instance/instance-settings-body';
import { readInstanceSettings } from '@/lib/instance/read-instance-settings';
import { updateInstanceSettings } from '@/lib/instance/update-instance-settings';

export const GET = route({ auth: 'operator', summary: "Read the install's settings" }, readInstanceSettings);
export const PUT = route(
  { auth: 'operator', body: instanceSettingsBody, summary: "Save the install's settings" },
  updateInstanceSettings,
);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });

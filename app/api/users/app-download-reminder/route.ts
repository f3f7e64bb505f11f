import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { appDownloadReminderBody, sendAppDownloadReminder } from '@/lib/reminders/send-app-download-reminder';

export const POST = route({ role: 'admin', body: appDownloadReminderBody }, sendAppDownloadReminder);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });

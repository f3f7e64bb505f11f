import { routeMetadata } from '@/components/layout/route-page';
import { VoiceSettingsPage } from '@/components/voice/voice-settings-page';

export const generateMetadata = () => routeMetadata('voice');

export default function Page() {
  return <VoiceSettingsPage />;
}

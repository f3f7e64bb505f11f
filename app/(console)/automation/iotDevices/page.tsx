import { routeMetadata } from '@/components/layout/route-page';
import { IotDevicesPage } from '@/components/iot/iot-devices-page';
import { IotFeature } from '@/components/iot/iot-feature';

export const generateMetadata = () => routeMetadata('iotDevices');

export default function Page() {
  return (
    <IotFeature>
      <IotDevicesPage />
    </IotFeature>
  );
}

import {
  AutomationIcon,
  CompanyIcon,
  HomeIcon,
  ListIcon,
  MapIcon,
  MissionsIcon,
  NewAlertIcon,
  PinIcon,
  ServerIcon,
} from '@/components/ui/icons';

const ICONS = {
  home: HomeIcon,
  newAlert: NewAlertIcon,
  newPositioning: PinIcon,
  alerts: ListIcon,
  positionings: MapIcon,
  missions: MissionsIcon,
  company: CompanyIcon,
  automation: AutomationIcon,
  operator: ServerIcon,
} as const;

export type NavIconName = keyof typeof ICONS;

export function NavIcon({ name }: { name: NavIconName }) {
  const Glyph = ICONS[name];
  return <Glyph className="nav-icon" size={20} strokeWidth={1.8} />;
}

import { ResponderHome } from '@/components/responder/responder-home';

export default function ResponderPage() {
  return <ResponderHome />;
}

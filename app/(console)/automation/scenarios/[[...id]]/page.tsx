import { notFound } from 'next/navigation';
import { routeMetadata } from '@/components/layout/route-page';
import { ScenarioEditPage, ScenarioNewPage } from '@/components/scenarios/scenario-editor-page';
import { ScenariosFeature } from '@/components/scenarios/scenarios-feature';
import { ScenariosPage } from '@/components/scenarios/scenarios-page';

export const generateMetadata = () => routeMetadata('scenarios');

// The id is optional and one segment at most: /automation/scenarios lists them, /new adds one, /{id} edits one.
export default async function Page({ params }: { params: Promise<{ id?: string[] }> }) {
  const { id } = await params;
  if (id && id.length > 1) notFound();
  const page = !id ? (
    <ScenariosPage />
  ) : id[0] === 'new' ? (
    <ScenarioNewPage />
  ) : (
    <ScenarioEditPage key={id[0]} scenarioId={id[0]} />
  );
  return <ScenariosFeature>{page}</ScenariosFeature>;
}

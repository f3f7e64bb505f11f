// Moved to components/ui/use-api-data.ts; kept until components/locations imports it from there.
export { useApiData, type ApiData } from '@/components/ui/use-api-data';

/** The process answers: nothing else is asked (readiness is lib/health/check-readiness.ts). */
export async function checkLiveness() {
  return { status: 'ok' as const };
}

/** True for Postgres' unique-constraint error as Prisma reports it (P2002), e.g. a concurrent sign-up with the same e-mail. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/** The install's operator of the e2e server: serve.ts names it in OPERATOR_EMAILS, support/operator.ts makes its account. */
export const E2E_OPERATOR_EMAIL = 'operator@tocsin-e2e.test';

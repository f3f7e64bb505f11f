-- Invitations get token kinds of their own (issue 32): a member invitation is no longer a password-reset link, and a
-- company's invitation to an existing account is bound to that company. Added alone: Postgres uses a new enum value
-- only after the transaction that added it commits (the next migration does).
ALTER TYPE "AuthTokenKind" ADD VALUE 'invitation';
ALTER TYPE "AuthTokenKind" ADD VALUE 'membershipInvitation';

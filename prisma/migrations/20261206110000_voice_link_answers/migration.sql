-- Answers by a key press in the alert call and by the tap-to-answer link of the alert SMS (issue 36).
ALTER TYPE "AnswerChannel" ADD VALUE 'voice';
ALTER TYPE "AnswerChannel" ADD VALUE 'link';

-- The recipient's tap-to-answer token (16 random bytes, the link's /a/<base64url>): given to the row by the first SMS
-- that carries the link, so alerts without response options and people without SMS never pay for it.
ALTER TABLE "AlertRecipient" ADD COLUMN "answerToken" BYTEA;
CREATE UNIQUE INDEX "AlertRecipient_answerToken_key" ON "AlertRecipient"("answerToken");
